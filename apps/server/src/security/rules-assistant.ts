import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDocument } from '../../test/seed-document.ts';
import { fixturePdfDirectory } from '../../test/seed-signed-document.ts';
import { enabledSettings } from '../modules/assistant/assistant-test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import { requestTokenRule } from './link-rule-kinds.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * The assistant's settings of A's sent document (issue 28: owners only): its owner (A's regular user) and, as the
 * document is shared, A's administrator, as every other change of a document; read-only users and contributors are
 * refused, B's administrator finds nothing.
 */
const managers: MemberName[] = ['admin', 'regular'];
const knowledgePdf = readFileSync(join(fixturePdfDirectory, 'crazyones-pdfa.pdf'));
const settingsOf = (world: World) => ({ params: { documentId: world.sent.documentId } });

const settings = enabledSettings();

/** A fresh shared document of the owner's, for calls that add knowledge files until its five are used up. */
async function freshDocument(world: World) {
  const { documentId } = await seedDocument(world.testApp.database.db, { owner: world.owner, accessLevel: 'shared' });
  return documentId;
}

/** A knowledge file of the owner's on a fresh document of theirs, for a call that removes it. */
async function freshKnowledgeFile(world: World) {
  const documentId = await freshDocument(world);
  const added = await world.testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/ai/phil/settings/${documentId}/files?name=crazy.pdf`,
    headers: { authorization: `Bearer ${world.owner.token}`, 'content-type': 'application/pdf' },
    payload: knowledgePdf,
  });
  if (added.statusCode !== 201) throw new Error(`knowledge file: ${added.statusCode} ${added.body}`);
  const [file] = added.json().KnowledgeFiles as { Id: string }[];
  if (!file) throw new Error('no knowledge file');
  return { params: { documentId, fileId: file.Id } };
}

export const assistantRules: AccessRules = {
  'GET /linktinker/app/ai/phil/versions': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'GET /linktinker/app/ai/phil/settings/:documentId': {
    session: { allowed: managers, resource: 'sent document', sample: settingsOf },
  },
  'PUT /linktinker/app/ai/phil/settings/:documentId': {
    session: { allowed: managers, resource: 'sent document', sample: (w) => ({ ...settingsOf(w), body: settings }) },
  },
  'POST /linktinker/app/ai/phil/settings/:documentId/clear': {
    session: { allowed: managers, resource: 'sent document', sample: (w) => ({ ...settingsOf(w), body: {} }) },
  },
  'POST /linktinker/app/ai/phil/settings/:documentId/files': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => ({
        params: { documentId: await freshDocument(w) },
        query: { name: 'crazy.pdf' },
        raw: { payload: knowledgePdf, contentType: 'application/pdf' },
      }),
    },
  },
  'DELETE /linktinker/app/ai/phil/settings/:documentId/files/:fileId': {
    session: { allowed: managers, resource: 'sent document', fresh: true, sample: freshKnowledgeFile },
  },
  'GET /linktinker/app/ai/phil/settings/:documentId/conversations': {
    session: { allowed: managers, resource: 'sent document', sample: settingsOf },
  },
  'POST /linktinker/app/ai/phil/settings/:documentId/test': {
    session: {
      allowed: managers,
      resource: 'sent document',
      sample: (w) => ({ ...settingsOf(w), body: { Question: 'What does this document say?', Language: 'en-us' } }),
    },
  },
  // The visitor's chat (issue 28, part 3): L1's own RequestToken on a document with Phil turned on.
  'GET /linktinker/links/:id/ai/phil': requestTokenRule(
    (as) => ({ params: { id: as.code }, query: { RequestToken: as.token, Language: 'sv' } }),
    'plain',
    enablePhil,
  ),
  'POST /linktinker/links/:id/ai/phil/ask': requestTokenRule(
    (as) => ({
      params: { id: as.code },
      body: { RequestToken: as.token, Question: 'What does this document say?', Language: 'en-us' },
    }),
    'plain',
    enablePhil,
  ),
};

/** The owner turns Phil on for the link rule's document. */
async function enablePhil(world: World, subject: { documentId: string }) {
  const saved = await world.testApp.app.inject({
    method: 'PUT',
    url: `/v2/linktinker/app/ai/phil/settings/${subject.documentId}`,
    headers: { authorization: `Bearer ${world.owner.token}` },
    payload: settings,
  });
  if (saved.statusCode !== 200) throw new Error(`enable Phil: ${saved.statusCode} ${saved.body}`);
  return {};
}
