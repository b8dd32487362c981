import { roles } from '@signlink/contracts/auth/roles';
import { and, asc, eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { giveAddOns, type SeedDraftOptions, seedDraft, setBalance } from '../../../test/seed-draft.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { documentParties, documents, links } from '../../db/schema/documents.ts';
import { messages } from '../../db/schema/messages.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = Awaited<ReturnType<typeof signInSeededUser>>;

/** The send and action tests' shared steps: senders with a balance, drafts sent for real, and what the tables hold. */
export function sendKit(testApp: TestApp) {
  const { db } = testApp.database;
  const kit = {
    db,
    call: (token: string | null, method: Method, path: string, payload?: object) =>
      injectWithToken(testApp, token, method, `/v2/linktinker/${path}`, payload),
    /** An administrator of a new account with `balanceMinor` (default SEK 500) and, when asked, add-ons. */
    async signInSender(
      options: {
        balanceMinor?: number;
        role?: number;
        accountId?: string;
        addOns?: ('sms-invitation' | 'whatsapp-invitation')[];
      } = {},
    ) {
      const caller = await signInSeededUser(testApp, {
        role: options.role ?? roles.administrator,
        ...(options.accountId ? { accountId: options.accountId } : {}),
      });
      if (!options.accountId) await setBalance(db, caller.accountId, options.balanceMinor ?? 500_00);
      if (options.addOns) await giveAddOns(db, caller.accountId, options.addOns);
      return caller;
    },
    draft: (owner: Caller, options: Omit<SeedDraftOptions, 'owner'> = {}) => seedDraft(db, { owner, ...options }),
    /** A draft sent through `POST linktinker/links`. */
    async sentDocument(owner: Caller, options: Omit<SeedDraftOptions, 'owner'> = {}) {
      const draft = await kit.draft(owner, options);
      const sent = await kit.call(owner.token, 'POST', 'links', { ProjectId: draft.documentId });
      expect(sent.statusCode, sent.body).toBe(200);
      return { ...draft, links: sent.json().Links as { Code: string; PartyId: string; Url: string }[] };
    },
    async balanceOf(accountId: string) {
      const [row] = await db
        .select({ balance: accounts.balanceMinor })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row?.balance;
    },
    /** The account's ledger lines after the funding `signInSender` gave it (its `test-credit` line). */
    ledgerOf: (accountId: string) =>
      db
        .select()
        .from(balanceEntries)
        .where(and(eq(balanceEntries.accountId, accountId), ne(balanceEntries.kind, 'test-credit')))
        .orderBy(asc(balanceEntries.createdAt)),
    async documentOf(documentId: string) {
      const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
      return row;
    },
    partiesOf: (documentId: string) =>
      db
        .select()
        .from(documentParties)
        .where(eq(documentParties.documentId, documentId))
        .orderBy(asc(documentParties.signatureIndex)),
    linksOf: (documentId: string) =>
      db.select().from(links).where(eq(links.documentId, documentId)).orderBy(asc(links.createdAt)),
    messagesOf: (documentId: string) =>
      db.select().from(messages).where(eq(messages.documentId, documentId)).orderBy(asc(messages.createdAt)),
    async eventTypesOf(documentId: string) {
      return (await listDocumentEvents(db, documentId)).map((event) => event.type);
    },
    eventsOf: (documentId: string) => listDocumentEvents(db, documentId),
    async signParty(partyId: string, at = new Date()) {
      await db.update(documentParties).set({ signedAt: at }).where(eq(documentParties.id, partyId));
    },
  };
  return kit;
}
