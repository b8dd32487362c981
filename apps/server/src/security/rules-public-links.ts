import { giveAddOns } from '../../test/seed-draft.ts';
import { injectWithToken } from '../../test/sign-in.ts';
import { seedTemplate } from '../modules/public-links/public-links.test-helpers.ts';
import type { AccessRules, CallerName, MemberName } from './access-rules.ts';
import { linkCodeRule } from './link-rule-kinds.ts';
import { ownerOnly } from './rules-documents.ts';
import type { World } from './security-world-test-helpers.ts';

/** SPEC section 6: contributors make public links as administrators and regular users do; read-only users do not. */
const publishers: MemberName[] = ['admin', 'regular', 'contributor'];

interface Published {
  Id: string;
  DocumentId: string;
}

/** Per world: A may use templates, and the owner (A's regular user) has a template and a link made from it. */
const setups = new WeakMap<World, Promise<{ templateId: string; link: Published }>>();

function setupOf(world: World) {
  let setup = setups.get(world);
  if (!setup) {
    setup = (async () => {
      await giveAddOns(world.testApp.database.db, world.owner.accountId, ['templates']);
      const templateId = await seedTemplate(world.testApp, world.owner);
      return { templateId, link: await publish(world, world.owner, templateId) };
    })();
    setups.set(world, setup);
  }
  return setup;
}

async function publish(world: World, as: { token: string }, templateId: string): Promise<Published> {
  const created = await injectWithToken(world.testApp, as.token, 'POST', '/v2/linktinker/publiclinks', {
    Name: 'Locker rental',
    TemplateId: templateId,
  });
  if (created.statusCode !== 201) throw new Error(`public link: ${created.statusCode} ${created.body}`);
  return created.json() as Published;
}

/** A publisher's own template (a contributor's is uploaded by the owner, as contributors cannot upload); else A's. */
async function templateFor(world: World, who: CallerName | null) {
  const { templateId } = await setupOf(world);
  if (!who || !publishers.includes(who as MemberName)) return templateId;
  const member = world.members[who as MemberName];
  return seedTemplate(world.testApp, member, undefined, { uploader: world.owner });
}

const linkId = async (world: World) => ({ params: { id: (await setupOf(world)).link.Id } });

/** A fresh link of the owner's, for an action that uses it up. */
async function freshLink(world: World) {
  const { templateId } = await setupOf(world);
  return { params: { id: (await publish(world, world.owner, templateId)).Id } };
}

/** The owner's public links (issue 24, part 2) and the visitor's start of a visit. */
export const publicLinkRules: AccessRules = {
  'GET /linktinker/publiclinks': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'GET /linktinker/links': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'GET /linktinker/settings/links': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'POST /linktinker/publiclinks': {
    session: {
      allowed: publishers,
      resource: 'draft',
      fresh: true,
      sample: async (w, who) => ({ body: { Name: 'Locker rental', TemplateId: await templateFor(w, who) } }),
    },
  },
  'PUT /linktinker/publiclinks/:id': {
    session: {
      allowed: ownerOnly,
      resource: 'public link',
      sample: async (w) => ({ ...(await linkId(w)), body: { Name: 'Locker rental 2027' } }),
    },
  },
  'DELETE /linktinker/publiclinks/:id': {
    session: { allowed: ownerOnly, resource: 'public link', fresh: true, sample: freshLink },
  },
  'PUT /linktinker/publiclinks/:id/disable': {
    session: {
      allowed: ownerOnly,
      resource: 'public link',
      sample: async (w) => ({ ...(await linkId(w)), body: { Disabled: false } }),
    },
  },
  'POST /linktinker/publiclinks/:id/edit': {
    session: { allowed: ownerOnly, resource: 'public link', sample: linkId },
  },
  // The link's code is the visitor's only credential: a code of no link is refused, the link's own starts a visit.
  'POST /linktinker/publiclinks/:id/visits': linkCodeRule(
    (as) => ({
      params: { id: as.code },
      body: { Parties: [{ SignatureIndex: 1, Name: 'Lena Landlord', Email: 'lena@example.com' }] },
    }),
    async (world) => ({ code: (await setupOf(world)).link.Id, token: '', label: "the public link's own code" }),
  ),
};
