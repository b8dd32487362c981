import { seedTemplate } from '../modules/bulk-send/bulk-send-test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** Those who send (SPEC section 6): a bulk send sends documents, so contributors and read-only users may not. */
const senders: MemberName[] = ['admin', 'regular'];

const csv = 'Customer name,Customer email\r\nAnna,anna@example.com';
const templates = new WeakMap<World, Promise<string>>();

/** A's shared one-role template, made by A's regular user (the world's owner) once per world. */
function templateOfA(world: World): Promise<string> {
  let made = templates.get(world);
  if (!made) {
    made = seedTemplate(world.testApp, world.owner, ['Customer'], { accessLevel: 'shared' }).then(
      (template) => template.templateId,
    );
    templates.set(world, made);
  }
  return made;
}

/** A bulk send of the owner's, previewed and not confirmed. */
async function previewedBulkSend(world: World): Promise<string> {
  const templateId = await templateOfA(world);
  const response = await world.testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/templates/${templateId}/bulksends`,
    headers: { authorization: `Bearer ${world.owner.token}` },
    payload: { Csv: csv },
  });
  if (response.statusCode !== 201) throw new Error(`bulk send preview: ${response.statusCode} ${response.body}`);
  return (response.json() as { Id: string }).Id;
}

/** Bulk send (issue 24, part 7): previews, confirmations and progress of A's bulk sends, by those who send. */
export const bulkSendRules: AccessRules = {
  'POST /linktinker/templates/:id/bulksends': {
    session: {
      allowed: senders,
      resource: 'template',
      sample: async (w) => ({ params: { id: await templateOfA(w) }, body: { Csv: csv } }),
    },
  },
  'POST /linktinker/bulksends/:id/send': {
    session: {
      allowed: senders,
      resource: 'bulk send',
      fresh: true,
      sample: async (w) => ({ params: { id: await previewedBulkSend(w) } }),
    },
  },
  'GET /linktinker/bulksends/:id': {
    session: {
      allowed: senders,
      resource: 'bulk send',
      sample: async (w) => ({ params: { id: await previewedBulkSend(w) } }),
    },
  },
};
