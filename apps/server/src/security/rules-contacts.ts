import { freshContactRequest, insertTestContact } from '../modules/contacts/contacts-test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** Those who make documents or templates keep contacts (SPEC section 6); read-only users only read them. */
const editors: MemberName[] = ['admin', 'regular', 'contributor'];

async function contactOfA(world: World) {
  const contact = await insertTestContact(world.testApp.database.db, world.a.admin.accountId);
  return { params: { id: contact.id } };
}

export const contactRules: AccessRules = {
  'GET /linktinker/contacts': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({ query: { search: 'a' } }) },
  },
  'POST /linktinker/contacts': {
    // Each allowed caller adds an address of its own: a second of the same is CONTACT_ALREADY_EXISTS.
    session: {
      allowed: editors,
      resource: 'own account',
      fresh: true,
      sample: () => ({ body: freshContactRequest() }),
    },
  },
  'PUT /linktinker/contacts/:id': {
    session: {
      allowed: editors,
      resource: 'contact',
      sample: async (w) => ({ ...(await contactOfA(w)), body: freshContactRequest() }),
    },
  },
  'DELETE /linktinker/contacts/:id': {
    session: { allowed: editors, resource: 'contact', fresh: true, sample: contactOfA },
  },
};
