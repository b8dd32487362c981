import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { injectWithToken } from '../../test/sign-in.ts';
import { findLiveDocument } from '../modules/document-core/document-rows.repository.ts';
import { copyDocument } from '../modules/documents/copy-document.ts';
import type { AccessRules, CallerName, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** A shared template of A's regular user, copied from A's shared draft as the templates module makes one. */
/** Templates and public links are their makers' (SPEC section 6): read-only users see neither, nor a preview. */
const previewers: MemberName[] = ['admin', 'regular', 'contributor'];

const templates = new WeakMap<World, Promise<string>>();
function templateOf(world: World): Promise<string> {
  let made = templates.get(world);
  if (!made) {
    made = (async () => {
      const deps = { db: world.testApp.database.db, storage: world.testApp.context.storage };
      const source = await findLiveDocument(deps.db, { documentId: world.draft.documentId });
      if (!source) throw new Error("the world's draft is gone");
      const copy = await copyDocument(deps, {
        source,
        document: { kind: 'template', title: 'Template', ownerUserId: world.owner.userId, accessLevel: 'shared' },
      });
      return copy.documentId;
    })();
    templates.set(world, made);
  }
  return made;
}

/** The preview's token is bound to the session that opened it: an allowed caller opens their own. */
async function previewFile(world: World, who: CallerName | null) {
  const id = await templateOf(world);
  const opener =
    who && who !== 'otherAdmin' && previewers.includes(who as MemberName) ? world.members[who] : world.owner;
  const opened = await injectWithToken(
    world.testApp,
    opener.token,
    'POST',
    `/v2/linktinker/links/${id}/access/preview`,
    {},
  );
  if (opened.statusCode !== 200) throw new Error(`preview access: ${opened.statusCode} ${opened.body}`);
  const access = opened.json() as LinkAccessResponse;
  return { params: { id }, body: { RequestToken: access.RequestToken, Code: access.Documents[0]?.Code } };
}

/** SPEC section 7's previews: whoever may view the template (SPEC section 6; contributors see only their own). */
export const linkPreviewRules: AccessRules = {
  'GET /linktinker/links/:id/preview': {
    session: { allowed: previewers, resource: 'draft', sample: async (w) => ({ params: { id: await templateOf(w) } }) },
  },
  'POST /linktinker/links/:id/access/preview': {
    session: {
      allowed: previewers,
      resource: 'draft',
      sample: async (w) => ({ params: { id: await templateOf(w) }, body: {} }),
    },
  },
  'POST /linktinker/links/:id/access/preview/file': {
    session: { allowed: previewers, resource: 'draft', fresh: true, sample: previewFile },
  },
};
