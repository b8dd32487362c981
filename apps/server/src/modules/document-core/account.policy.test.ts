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

  it('lets template makers, contributors too, keep their own and shared templates; read-only users never', () => {
    const own: PolicyDocument = {
      accountId: 'acc_own',
      ownerUserId: 'usr_me',
      accessLevel: 'private',
      kind: 'template',
    };
    const colleagues: PolicyDocument = { ...own, ownerUserId: 'usr_other' };
    const shared: PolicyDocument = { ...colleagues, accessLevel: 'shared', kind: 'public-link' };
    const all = [administrator, regular, contributor, readOnly];
    for (const action of ['document.view', 'document.manage'] as const) {
      expect(all.map((role) => can(actorAs(role), action, own))).toEqual([true, true, true, false]);
      expect(all.map((role) => can(actorAs(role), action, colleagues))).toEqual([false, false, false, false]);
      expect(all.map((role) => can(actorAs(role), action, shared))).toEqual([true, true, true, false]);
    }
    // Holding link codes stays a sender's.
    expect(can(actorAs(contributor), 'document.share', own)).toBe(false);
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
