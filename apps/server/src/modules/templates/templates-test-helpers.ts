import type { SaveDraftRequest } from '@signlink/contracts/documents/drafts';
import type { TemplateSummary } from '@signlink/contracts/templates/templates';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { createDraft } from '../documents/upload-test-helpers.ts';

export type DraftParty = SaveDraftRequest['Parties'][number];

export const draftParty = (index: number, extra: Partial<DraftParty> = {}): DraftParty => ({
  SignatureIndex: index,
  Name: `Person ${index}`,
  Email: `person${index}@example.com`,
  InvitationMethod: 'email',
  SignatureType: 'e-signature',
  GetPaid: false,
  ...extra,
});

/** A draft of the caller's with these parties and one signature field per party, saved through the routes. */
export async function draftWithParties(testApp: TestApp, token: string, parties: DraftParty[]) {
  const draft = await createDraft(testApp, token, 1);
  const saved = await injectWithToken(testApp, token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, {
    Title: 'Lease',
    AccessLevel: 'private',
    Settings: { allowPrinting: true },
    Message: 'Please sign',
    Parties: parties,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const fileId = draft.Files[0]?.Id ?? '';
  const fields = parties.map((party, index) => ({
    id: `sig-${party.SignatureIndex}`,
    type: 'signature',
    signatureIndex: party.SignatureIndex,
    page: 1,
    x: 5,
    y: 5 + index * 30,
    width: 50,
    height: 20,
    required: true,
  }));
  const rules = await injectWithToken(testApp, token, 'POST', `/v2/linktinker/files/${fileId}/rules`, {
    Fields: fields,
  });
  expect(rules.statusCode, rules.body).toBe(200);
  return { documentId: draft.Id, fileId };
}

/** A template of the caller's, made from a new draft with these parties (default: two roles left to fill). */
export async function makeTemplate(
  testApp: TestApp,
  token: string,
  options: { parties?: DraftParty[]; name?: string; keepContacts?: boolean; fromUpload?: boolean } = {},
): Promise<TemplateSummary> {
  const parties = options.parties ?? [draftParty(0), draftParty(1)];
  const { documentId } = await draftWithParties(testApp, token, parties);
  const created = await injectWithToken(testApp, token, 'POST', '/v2/linktinker/templates', {
    Name: options.name ?? 'Lease template',
    SourceDocumentId: documentId,
    ...(options.keepContacts ? { KeepContacts: true } : {}),
    ...(options.fromUpload ? { FromUpload: true } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as TemplateSummary;
}
