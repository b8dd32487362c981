import { createHash, randomBytes } from 'node:crypto';
import type { AddOnId } from '@signlink/contracts/billing/add-ons';
import {
  type DocumentSettings,
  type FileRules,
  fieldNameOf,
  type InvitationMethod,
  type SignatureType,
} from '@signlink/contracts/documents/document-model';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';
import { accounts } from '../src/db/schema/accounts.ts';
import { documentFiles, documentParties, documents } from '../src/db/schema/documents.ts';
import { newFieldAccessKey, newId } from '../src/lib/ids.ts';
import { activateAddOn } from '../src/modules/billing/account-add-ons.repository.ts';
import { addBalanceEntry } from '../src/modules/billing/balance.repository.ts';

/**
 * A DRAFT written straight to the tables, ready for `POST linktinker/links` unless told otherwise, for the send and
 * action tests (independent of the upload endpoint). The file row's storage key points at nothing: sending reads
 * only the rules.
 *
 *   const draft = await seedDraft(db, { owner });                       // one e-mail party, one signature field
 *   const draft = await seedDraft(db, { owner, parties: [{}, { invitationMethod: 'sms', phone: '0701234567' }] });
 */
export interface SeedDraftParty {
  name?: string;
  email?: string | null;
  phone?: string | null;
  invitationMethod?: InvitationMethod;
  signatureType?: SignatureType;
  message?: string | null;
  /** Sign & Pay: the party pays this product (payment_products.id). */
  getPaid?: boolean;
  paymentProductId?: string | null;
}

export interface SeedDraftOptions {
  owner: { userId: string; accountId: string };
  title?: string;
  accessLevel?: 'private' | 'shared';
  language?: 'en-us' | 'sv' | 'es';
  settings?: DocumentSettings;
  message?: string | null;
  parties?: SeedDraftParty[];
  /** Default: one signature field per party. */
  fields?: FileRules['fields'];
  /** False: the draft has no file. */
  withFile?: boolean;
}

export const signatureField = (signatureIndex: number, id = `field-${signatureIndex}`) => ({
  id,
  type: 'signature' as const,
  signatureIndex,
  page: 1,
  x: 50,
  y: 600 - signatureIndex * 80,
  width: 200,
  height: 60,
  required: true,
  name: fieldNameOf('signature', signatureIndex),
});

export async function seedDraft(db: Database, options: SeedDraftOptions) {
  const documentId = newId('doc');
  const sha256 = createHash('sha256').update(randomBytes(32)).digest('hex');
  const parties = (options.parties ?? [{}]).map((party, index) => ({
    id: newId('pty'),
    documentId,
    signatureIndex: index,
    name: party.name ?? `Party ${index + 1}`,
    email: party.email !== undefined ? party.email : `party${index + 1}.${documentId.slice(4, 10)}@example.com`,
    phone: party.phone ?? null,
    invitationMethod: party.invitationMethod ?? 'email',
    signatureType: party.signatureType ?? 'e-signature',
    message: party.message ?? null,
    getPaid: party.getPaid ?? false,
    paymentProductId: party.paymentProductId ?? null,
    accessKey: newFieldAccessKey(),
  }));
  const fields = options.fields ?? parties.map((party) => signatureField(party.signatureIndex));
  await db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id: documentId,
      accountId: options.owner.accountId,
      ownerUserId: options.owner.userId,
      title: options.title ?? 'Consulting agreement',
      language: options.language ?? 'en-us',
      originalSha256: sha256,
      state: 'draft',
      accessLevel: options.accessLevel ?? 'private',
      settings: options.settings ?? {},
      message: options.message ?? null,
    });
    if (options.withFile !== false) {
      await tx.insert(documentFiles).values({
        id: newId('fil'),
        documentId,
        title: 'agreement.pdf',
        storageKey: `documents/${documentId}/missing.pdf`,
        sha256,
        byteSize: 1234,
        pageCount: 1,
        pageSizes: [{ width: 595, height: 842 }],
        rules: { fields, access: Object.fromEntries(parties.map((p) => [String(p.signatureIndex), p.accessKey])) },
      });
    }
    if (parties.length > 0) await tx.insert(documentParties).values(parties);
  });
  return { documentId, parties: parties.map((party) => ({ id: party.id, signatureIndex: party.signatureIndex })) };
}

/** Sets the account's balance straight (billing's top-up does not exist yet). */
/**
 * Brings the account's paid credit to `balanceMinor` through the ledger (a `test-credit` line for the difference),
 * so the cached balance stays the sum of the account's lines.
 */
export async function setBalance(db: Database, accountId: string, balanceMinor: number) {
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw new Error(`no account ${accountId}`);
    const difference = balanceMinor - account.balanceMinor;
    if (difference === 0) return;
    await addBalanceEntry(tx, { accountId, kind: 'test-credit', amountMinor: difference, currency: account.currency });
  });
}

export async function giveAddOns(db: Database, accountId: string, addOnIds: AddOnId[]) {
  for (const addOnId of addOnIds) await activateAddOn(db, { accountId, addOnId });
}
