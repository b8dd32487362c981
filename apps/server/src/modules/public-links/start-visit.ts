import type { BrandId } from '@signlink/brands/brand-config';
import {
  publicLinkVisitHours,
  type StartVisitRequest,
  type StartVisitResponse,
} from '@signlink/contracts/public-links/public-links';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from '../../config/config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newPublicCode } from '../../lib/ids.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { insertLinks, markDocumentSent } from '../document-core/document-parts.repository.ts';
import { reserveDocumentCost } from '../documents/balance-reservation.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';
import { clientKeyOf } from '../rate-limits/client-address.ts';
import { enforceRateLimit } from '../rate-limits/enforce-rate-limit.ts';
import { assertSignPayReady } from '../sign-pay/sign-pay-readiness.ts';
import { assertKnownRoles, checkPerson, checkVisitor, isFixed, type PersonValues } from './link-roles.ts';
import { findOpenPublicLink } from './public-link-details.ts';
import { countVisit, listMasterParties } from './public-links.repository.ts';

export interface StartVisitDeps {
  database: DatabaseHandle;
  storage: Storage;
  rateLimits: Config['rateLimits'];
}

const hourMs = 60 * 60 * 1000;

/** Who each slot of the visit's document is: the visitor's own entry, the owner's fixed people, the visitor's named. */
function peopleOfVisit(parties: Awaited<ReturnType<typeof listMasterParties>>, body: StartVisitRequest) {
  assertKnownRoles(body.Parties, parties, { allowVisitor: true });
  const people = new Map<number, PersonValues>();
  const empty: number[] = [];
  for (const party of parties) {
    const named = body.Parties.find((person) => person.SignatureIndex === party.signatureIndex);
    if (party.signatureIndex === 0) {
      if (named) people.set(0, checkVisitor(named));
      continue;
    }
    // A fixed role is the owner's choice: the visitor cannot replace the person it invites.
    if (isFixed(party)) continue;
    if (!named?.Name.trim()) {
      empty.push(party.signatureIndex);
      continue;
    }
    people.set(party.signatureIndex, checkPerson(named, party.invitationMethod));
  }
  if (empty.length > 0) throw new AppError('TEMPLATE_ROLE_EMPTY', { details: { signatureIndexes: empty } });
  return people;
}

/**
 * `POST linktinker/publiclinks/{id}/visits` (issue 24, part 2): a visitor starts their own document. The roles are
 * checked and the client's visits to this link counted first; then in the copy's one transaction the document is
 * active and charged to the owner as sending charges it (SPEC section 9; a balance too low is the catalogue's
 * "contact the sender", and nothing is made), the visitor's link (the link's gate), 'created' and 'sent' events.
 * The other parties are invited once the visitor has signed (invite-visit-parties.job.ts).
 */
export async function startPublicLinkVisit(
  deps: StartVisitDeps,
  input: { code: string; body: StartVisitRequest; ipAddress: string; brand: BrandId; now?: Date },
): Promise<StartVisitResponse> {
  const { db } = deps.database;
  const open = await findOpenPublicLink(db, input.code);
  if (!open) throw new AppError('INVALID_LINK');
  const { link, master } = open;
  const parties = await listMasterParties(db, master.id);
  const visitor = parties.find((party) => party.signatureIndex === 0);
  if (!visitor) throw new AppError('DOCUMENT_INVALID', { details: { reason: 'no-visitor-role' } });
  const people = peopleOfVisit(parties, input.body);
  await enforceRateLimit(deps, 'publicLinkVisits', `${link.id}:${clientKeyOf(input.ipAddress)}`);

  const at = input.now ?? new Date();
  const code = newPublicCode();
  await copyDocument(
    { db, storage: deps.storage },
    {
      source: master,
      document: {
        kind: 'document',
        state: 'draft',
        title: master.title,
        ownerUserId: link.ownerUserId,
        templateId: master.templateId,
        publicLinkId: link.id,
        visitExpiresAt: new Date(at.getTime() + publicLinkVisitHours * hourMs),
        createdAt: at,
        updatedAt: at,
        lastActivityAt: at,
      },
      party: (party) => ({ ...partyValuesOf(party), ...people.get(party.signatureIndex) }),
      inTransaction: async (tx, copy) => {
        // The link may have been disabled since it was read; its row lock orders this visit with that change.
        if (!(await findOpenPublicLink(tx, link.id, { lock: true }))) throw new AppError('LINK_RECALLED');
        await assertSignPayReady(tx, { accountId: master.accountId, parties: copy.parties });
        const cost = await reserveDocumentCost(tx, {
          accountId: master.accountId,
          documentId: copy.documentId,
          parties: copy.parties,
          now: at,
        }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
            throw new AppError('RECIPIENT_INSUFFICIENT_BALANCE', { cause: error });
          }
          throw error;
        });
        await markDocumentSent(tx, { documentId: copy.documentId, at, currency: cost.currency });
        const party = copy.parties.find((row) => row.signatureIndex === 0);
        if (!party) throw new Error('The visitor slot was copied');
        await insertLinks(tx, [
          {
            id: code,
            documentId: copy.documentId,
            partyId: party.id,
            requireBankId: link.requireBankId || party.signatureType === 'bankid',
            requireSms: link.requireSms,
            requireEmail: link.requireEmail,
          },
        ]);
        await appendDocumentEvent(tx, {
          documentId: copy.documentId,
          type: 'created',
          at,
          data: { publicLinkId: link.id },
        });
        // The brand the visitor came on: the others' invitations, sent later by a job, link to the same host.
        await appendDocumentEvent(tx, {
          documentId: copy.documentId,
          type: 'sent',
          at,
          data: { partyId: party.id, partyName: party.name, channels: [], publicLinkId: link.id, brand: input.brand },
        });
        await countVisit(tx, link.id);
      },
    },
  );
  return { Code: code };
}
