import type { DocumentFile, Draft, EditorResponse } from '../src/api/drafts-api.ts';

/** A draft of one A4 file with two pages and one of the PDF's own text fields, as the server answers it. */
export const file: DocumentFile = {
  Id: 'file-1',
  Title: 'Agreement.pdf',
  PageCount: 2,
  Pages: [
    { Width: 595, Height: 842 },
    { Width: 595, Height: 842 },
  ],
  ByteSize: 1000,
  Sha256: 'ab',
  FormFields: [{ name: 'Buyer', kind: 'text', page: 1, x: 50, y: 100, width: 200, height: 20, required: true }],
  RemovedContent: [],
  Rules: { fields: [], access: {} },
};

export const draft: Draft = {
  Id: 'prj-1',
  Title: 'Agreement',
  Kind: 'document',
  Language: 'en-us',
  AccessLevel: 'private',
  Settings: {},
  Message: '',
  Parties: [],
  Files: [file],
  Created: '2026-11-20T10:00:00.000Z',
  Updated: '2026-11-20T10:00:00.000Z',
};

export const editorResponse: EditorResponse = {
  Project: draft,
  File: file,
  ContentUrl: '/v2/linktinker/files/file-1/content?token=t',
};
