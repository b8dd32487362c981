import { roles } from '@signlink/contracts/auth/roles';
import { describe, expect, it } from 'vitest';
import { type AccountAction, authorize, can, type PolicyDocument } from './account.policy.ts';

const { administrator, regular, contributor, readOnly } = roles;
const actorAs = (role: number, userId = 'usr_me') => ({ userId, accountId: 'acc_own', role });

describe('the permission policy (SPEC section 6)', () => {
  it.each([
    ['users.manage', [administrator]],
    ['account.manage', [administrator]],
    ['billing.manage', [administrator]],
    ['documents.send', [administrator, regular]],
    ['documents.create', [administrator, regular]],
    ['inbox.use', [administrator, regular, readOnly]],
    ['templates.create', [administrator, regular, contributor]],
    ['publicLinks.create', [administrator, regular, contributor]],
    ['referralLinks.manage', [administrator]],
    ['account.view', [administrator, regular, contributor, readOnly]],
  ] as [AccountAction, number[]][])('%s is for roles %j only', (action, allowed) => {
    for (const role of [administrator, regular, contributor, readOnly]) {
      expect(can(actorAs(role), action), `role ${role}`).toBe(allowed.includes(role));
    }
  });

  it('keeps a private document private even from administrators, and shares a shared one by role', () => {
    const privateDocument: PolicyDocument = { accountId: 'acc_own', ownerUserId: 'usr_other', accessLevel: 'private' };
    const sharedDocument: PolicyDocument = { ...privateDocument, accessLevel: 'shared' };
    for (const role of [administrator, regular, contributor, readOnly]) {
      expect(can(actorAs(role), 'document.view', privateDocument)).toBe(false);
      expect(can(actorAs(role), 'document.manage', privateDocument)).toBe(false);
    }
    expect(
      [administrator, regular, contributor, readOnly].map((role) =>
        can(actorAs(role), 'document.view', sharedDocument),
      ),
    ).toEqual([true, true, false, true]);
    expect(
      [administrator, regular, contributor, readOnly].map((role) =>
        can(actorAs(role), 'document.manage', sharedDocument),
      ),
    ).toEqual([true, true, false, false]);
    // The owner sees their own private document; managing it still needs a role that sends.
    expect(can(actorAs(regular, 'usr_other'), 'document.manage', privateDocument)).toBe(true);
    expect(can(actorAs(readOnly, 'usr_other'), 'document.manage', privateDocument)).toBe(false);
  });

  it("answers another account's resource as not found, and a role's limit as forbidden", () => {
    expect(() => authorize(actorAs(administrator), 'account.view', { accountId: 'acc_other' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    const shared: PolicyDocument = { accountId: 'acc_other', ownerUserId: 'usr_me', accessLevel: 'shared' };
    expect(can(actorAs(administrator), 'document.view', shared)).toBe(false);
    expect(() => authorize(actorAs(readOnly), 'documents.send')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => authorize(actorAs(administrator), 'users.manage', { accountId: 'acc_own' })).not.toThrow();
  });
});
