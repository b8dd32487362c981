import { roles } from '@signlink/contracts/auth/roles';
import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { messages } from '../../db/schema/messages.ts';
import { accountInvitations } from '../../db/schema/partners.ts';
import { newId } from '../../lib/ids.ts';
import { insertPartnerAccount } from '../partners/referral-links-test-helpers.ts';
import { accountUsersKit } from './account-users-test-helpers.ts';

/** The account-user kit, plus partners and customer invitations (SPEC section 6). */
export function customerInvitationsKit(testApp: TestApp) {
  const { db } = testApp.database;
  const kit = accountUsersKit(testApp);

  /** An administrator (or `role`) of a new account the provider made a partner. */
  async function signInPartner(options: { role?: number; accountId?: string } = {}) {
    const user = await kit.signIn({ role: options.role ?? roles.administrator, ...options });
    await db.update(accounts).set({ isPartner: true }).where(eq(accounts.id, user.accountId));
    return user;
  }

  /**
   * The callers of SPEC section 6's partner matrix, signed in: the partner's four roles, an administrator of an
   * account that is no partner, and one of another partner.
   */
  async function signInPartnerCallers(partnerName?: string) {
    const partnerId = await insertPartnerAccount(db, partnerName);
    const inPartner = (role: number) => kit.signIn({ accountId: partnerId, role });
    return {
      admin: await inPartner(roles.administrator),
      regular: await inPartner(roles.regular),
      contributor: await inPartner(roles.contributor),
      readOnly: await inPartner(roles.readOnly),
      nonPartnerAdmin: await kit.signIn({ role: roles.administrator }),
      otherPartnerAdmin: await kit.signIn({
        accountId: await insertPartnerAccount(db, 'Other Partner AB'),
        role: roles.administrator,
      }),
    };
  }

  /** A pending customer invitation written directly, sent long enough ago that a reminder is allowed. */
  async function insertCustomerInvitation(input: {
    partnerAccountId: string;
    invitedBy: string;
    email?: string;
    kind?: 'company' | 'personal';
    orgNumber?: string;
  }) {
    const id = newId('cin');
    const kind = input.kind ?? 'personal';
    await db.insert(accountInvitations).values({
      id,
      partnerAccountId: input.partnerAccountId,
      kind,
      email: input.email ?? `${id.toLowerCase()}@example.com`,
      orgNumber: kind === 'company' ? (input.orgNumber ?? '5591000012') : null,
      invitedBy: input.invitedBy,
      createdAt: new Date(Date.now() - 2 * 60 * 60_000),
    });
    return id;
  }

  /** Rows that a refused call must not have written. */
  async function counts() {
    const [invitationRows] = await db.select({ n: count() }).from(accountInvitations);
    const [messageRows] = await db.select({ n: count() }).from(messages);
    const [accountRows] = await db.select({ n: count() }).from(accounts);
    return { invitations: invitationRows?.n, messages: messageRows?.n, accounts: accountRows?.n };
  }

  const findInvitationRow = async (id: string) =>
    (await db.select().from(accountInvitations).where(eq(accountInvitations.id, id)))[0];

  /** Moves an invitation's last e-mail back, as if it went `minutes` ago. */
  async function ageInvitationRow(id: string, minutes: number) {
    const at = new Date(Date.now() - minutes * 60_000);
    const row = await findInvitationRow(id);
    await db
      .update(accountInvitations)
      .set(row?.remindedAt ? { remindedAt: at } : { createdAt: at })
      .where(eq(accountInvitations.id, id));
  }

  return {
    ...kit,
    signInPartner,
    signInPartnerCallers,
    insertCustomerInvitation,
    counts,
    findInvitationRow,
    ageInvitationRow,
  };
}
