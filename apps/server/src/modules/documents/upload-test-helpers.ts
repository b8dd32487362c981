import type { Draft } from '@signlink/contracts/documents/drafts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildPlainPdf } from '../../../test/fixtures/hostile-pdfs.ts';
import { injectWithToken } from '../../../test/sign-in.ts';

/** `POST /v2/linktinker/files` with the PDF as the raw body, as the web client sends it. */
export function uploadPdf(
  testApp: TestApp,
  token: string | null,
  bytes: Uint8Array,
  query: { name?: string; projectId?: string } = {},
) {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  return testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/files?${search}`,
    headers: { 'content-type': 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.from(bytes),
  });
}

/** A new draft of a plain PDF, made through the route. */
export async function createDraft(testApp: TestApp, token: string, pageCount = 2, name = 'Agreement.pdf') {
  const response = await uploadPdf(testApp, token, await buildPlainPdf(pageCount), { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Draft;
}

export const call = injectWithToken;
