import type { StartIdScanRequest } from '@signlink/contracts/id-scan/id-scan';
import { newId } from '../../lib/ids.ts';
import { endIdScan } from './end-id-scan.ts';
import { presentIdScan } from './id-scan.presenter.ts';
import { callVendor, type IdScanDeps, nowOf, requireScanSlot } from './id-scan-access.ts';
import { insertIdScan, listUnfinishedScansOfSlot } from './id-scans.repository.ts';

/**
 * `POST links/{id}/idscan/live/init`: the recipient consented to biometric processing (SPEC section 5), stored with
 * its time and text version; any unfinished scan of the slot ends, so one slot has one scan under way; the vendor's
 * applicant is made from the party's name, which its reports are compared against.
 */
export async function startIdScan(deps: IdScanDeps, input: { linkId: string; body: StartIdScanRequest }) {
  const { body } = input;
  const { access, party, provider } = await requireScanSlot(deps, {
    linkId: input.linkId,
    requestToken: body.RequestToken,
    signatureIndex: body.SignatureIndex,
  });
  for (const earlier of await listUnfinishedScansOfSlot(deps.db, access.document.id, party.signatureIndex)) {
    await endIdScan(deps, earlier);
  }
  const { applicantId } = await callVendor(() => provider.createApplicant(splitName(party.name)));
  const scan = await insertIdScan(deps.db, {
    id: newId('ids'),
    documentId: access.document.id,
    partyId: party.id,
    linkId: access.link.id,
    signatureIndex: party.signatureIndex,
    needsFace: party.signatureType === 'live-id',
    consentedAt: nowOf(deps),
    consentTextVersion: body.ConsentTextVersion,
    vendor: provider.vendor,
    vendorApplicantId: applicantId,
  });
  deps.logger.info({ idScanId: scan.id, documentId: scan.documentId }, 'ID scan started');
  return presentIdScan(scan, []);
}

/** The vendor wants a given name and a surname: the last word is taken as the surname, as most invitations write it. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '-', lastName: '-' };
  if (words.length === 1) return { firstName: '-', lastName: words[0] ?? '-' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '-' };
}
