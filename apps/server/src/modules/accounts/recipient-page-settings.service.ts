import type { ZUpdateRecipientPageSettings } from '@signlink/contracts/accounts/recipient-page-settings';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { clearAccountLogo, findRecipientPageSettings, updateAccountSettings } from './accounts.repository.ts';

/** Any member sees what the account's recipients see; only an administrator changes it (SPEC section 6). */
export async function readRecipientPageSettings(db: Database, actor: Actor) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const account = await findRecipientPageSettings(db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  return {
    ConsentMessage: account.consentMessage,
    PrivacyUrl: account.privacyUrl,
    HasLogo: account.logoStorageKey !== null,
  };
}

export async function updateRecipientPageSettings(
  db: Database,
  actor: Actor,
  input: z.infer<typeof ZUpdateRecipientPageSettings>,
) {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  await updateAccountSettings(db, actor.accountId, {
    consentMessage: input.ConsentMessage || null,
    privacyUrl: input.PrivacyUrl || null,
  });
  return readRecipientPageSettings(db, actor);
}

/**
 * The image type from the bytes themselves, never from the request's header: only PNG, JPEG and WebP, which a
 * browser cannot run as a document (an SVG could carry script into the recipient's page).
 */
export function logoTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

export async function setAccountLogo(deps: { db: Database; storage: Storage }, actor: Actor, bytes: Buffer) {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  const contentType = logoTypeOf(bytes);
  if (!contentType) throw new AppError('UPLOAD_WRONG_TYPE', { details: { allowed: ['png', 'jpeg', 'webp'] } });
  const key = `accounts/${actor.accountId}/logo`;
  await deps.storage.put({ key, body: bytes, contentType });
  await updateAccountSettings(deps.db, actor.accountId, { logoStorageKey: key, logoContentType: contentType });
  return readRecipientPageSettings(deps.db, actor);
}

export async function removeAccountLogo(deps: { db: Database; storage: Storage }, actor: Actor) {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  if (await clearAccountLogo(deps.db, actor.accountId))
    await deps.storage.delete({ key: `accounts/${actor.accountId}/logo` });
  return readRecipientPageSettings(deps.db, actor);
}
