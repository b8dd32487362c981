import { createHash } from 'node:crypto';
import type { BrandId } from '@signlink/brands/brand-config';
import type { ZSignIdLiveRequest, ZSignInkWithIdRequest } from '@signlink/contracts/id-scan/id-scan';
import type { IdVerificationProvider } from '@signlink/providers/id-verification/id-verification.port';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { canonicalJson } from '../document-core/canonical-json.ts';
import { requireLinkAccess } from '../links/link-access-guard.ts';
import { type IdScanSlot, type RecordSlotSignatureDeps, recordSlotSignature } from '../links/record-slot-signature.ts';
import { inkSubmissionOf } from '../links/sign-ink.ts';
import { requireProvider } from './id-scan-access.ts';
import { useIdScanForSignature } from './use-id-scan.ts';

type SignWithIdDeps = RecordSlotSignatureDeps & { secret: string; provider: IdVerificationProvider | undefined };

interface SignerInput {
  linkId: string;
  ipAddress: string | null;
  userAgent: string | null;
  sessionUserId: string | null;
  brand: BrandId;
}

/**
 * `POST links/{id}/sign/id/live`: a type 6 slot, signed by its passed live check alone (SPEC section 4). The scan is
 * part of the submission's identity, so a resent request answers as the first did and another scan is refused.
 */
export async function signWithIdLive(
  deps: SignWithIdDeps,
  input: SignerInput & { body: z.output<typeof ZSignIdLiveRequest> },
) {
  const { body } = input;
  requireProvider(deps);
  const access = await requireLinkAccess(deps, input.linkId, body.RequestToken);
  const submission = { signatureIndex: body.SignatureIndex, idScanId: body.IdScanId, formValues: body.FormValues };
  return recordSlotSignature(deps, {
    documentId: access.document.id,
    fieldAccessKeys: access.fieldAccessKeys,
    signatureIndex: body.SignatureIndex,
    method: 'id-live',
    idScan: idScanClaim(body.IdScanId, access.link.id),
    submissionKey: `id-live:${createHash('sha256').update(canonicalJson(submission)).digest('hex')}`,
    formValues: body.FormValues,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    sessionUserId: input.sessionUserId,
    timeZoneOffsetMinutes: body.TimeZoneOffsetMinutes,
    brand: input.brand,
  });
}

/**
 * `POST links/{id}/sign/ink/id`: a type 5 slot, a drawn or typed signature beside a passed ID scan; the ink follows
 * `sign/ink`'s rules (name clarification included).
 */
export async function signWithInkAndId(
  deps: SignWithIdDeps,
  input: SignerInput & { body: z.output<typeof ZSignInkWithIdRequest> },
) {
  const { body } = input;
  requireProvider(deps);
  const access = await requireLinkAccess(deps, input.linkId, body.RequestToken);
  const { submissionKey, ...submission } = inkSubmissionOf(body, access.document.settings);
  return recordSlotSignature(deps, {
    documentId: access.document.id,
    fieldAccessKeys: access.fieldAccessKeys,
    signatureIndex: body.SignatureIndex,
    method: 'ink-with-id',
    idScan: idScanClaim(body.IdScanId, access.link.id),
    submissionKey: `${submissionKey}:${body.IdScanId}`,
    ...submission,
    formValues: body.FormValues,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    sessionUserId: input.sessionUserId,
    timeZoneOffsetMinutes: body.TimeZoneOffsetMinutes,
    brand: input.brand,
  });
}

/** The scan a signature rests on, claimed in the signature's own transaction (`useIdScanForSignature`). */
function idScanClaim(idScanId: string, linkId: string) {
  return {
    id: idScanId,
    claim: (tx: Transaction, slot: IdScanSlot) => useIdScanForSignature(tx, { idScanId, linkId, ...slot }),
  };
}
