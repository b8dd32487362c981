import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import {
  acceptAllChoice,
  necessaryOnlyChoice,
  saveCookieConsent,
} from '../../../components/cookie-consent/cookie-consent-store.ts';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';
import { RecipientDocument } from './recipient-document.tsx';

/** The sender's message to all and the party's own, shown once per link before the document. */
const withMessages = (messages: LinkAccessResponse['Messages']): LinkAccessResponse => ({
  ...accessFixture,
  Documents: [
    { Title: 'Lease 2027', Code: 'FILE1', PageCount: 1, PageSizes: [{ width: 595, height: 842 }], Rules: null },
  ],
  Messages: messages,
});

async function open(linkId: string, access: LinkAccessResponse) {
  const server = await startTestHttpServer((request, response) => {
    if (request.url.includes('/access/file')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end('%PDF-1.7');
      return;
    }
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
  });
  return renderWithApp(
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId={linkId} access={access} onAccessExpired={() => undefined} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
}

const both = {
  Document: 'Please sign by Friday.\nSee https://example.com/terms',
  Personal: 'Hi Anna, page 2 is yours.',
};

beforeEach(() => {
  localStorage.clear();
});

describe("the sender's messages on opening the document", () => {
  it('shows both messages in a dialog whose button has the focus; Escape dismisses it', {
    timeout: 20_000,
  }, async () => {
    await open('LINKONE', withMessages(both));
    const dialog = await screen.findByRole('dialog', { name: 'A message from the sender' });
    const inside = within(dialog);
    expect(inside.getByRole('heading', { name: 'To everyone who signs' })).toBeTruthy();
    expect(inside.getByText(/Please sign by Friday\./)).toBeTruthy();
    expect(inside.getByRole('link', { name: 'https://example.com/terms' })).toBeTruthy();
    expect(inside.getByRole('heading', { name: 'To you' })).toBeTruthy();
    expect(inside.getByText('Hi Anna, page 2 is yours.')).toBeTruthy();
    const next = inside.getByRole('button', { name: 'Continue to the document' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('comes once per link: not again on reload, but for another link', { timeout: 20_000 }, async () => {
    saveCookieConsent(acceptAllChoice);
    const first = await open('LINKONE', withMessages({ Document: null, Personal: 'Only for you.' }));
    const dialog = await screen.findByRole('dialog', { name: 'A message from the sender' });
    expect(within(dialog).queryByRole('heading', { name: 'To everyone who signs' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to the document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    const reloaded = await open('LINKONE', withMessages({ Document: null, Personal: 'Only for you.' }));
    // Reachable only while no modal dialog hides the page.
    await screen.findByRole('heading', { name: 'Lease 2027', level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    reloaded.unmount();

    await open('LINKTWO', withMessages({ Document: null, Personal: 'Only for you.' }));
    expect(await screen.findByRole('dialog', { name: 'A message from the sender' })).toBeTruthy();
  });

  it('remembers nothing without consent to functional storage: the messages come again', {
    timeout: 20_000,
  }, async () => {
    saveCookieConsent(necessaryOnlyChoice);
    const first = await open('LINKONE', withMessages({ Document: null, Personal: 'Only for you.' }));
    const dialog = await screen.findByRole('dialog', { name: 'A message from the sender' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to the document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    expect(Object.keys(localStorage).filter((key) => key.includes('messagesSeen'))).toEqual([]);

    await open('LINKONE', withMessages({ Document: null, Personal: 'Only for you.' }));
    expect(await screen.findByRole('dialog', { name: 'A message from the sender' })).toBeTruthy();
  });

  it('shows nothing when the sender wrote no message', { timeout: 20_000 }, async () => {
    await open('LINKONE', withMessages({ Document: null, Personal: null }));
    await screen.findByRole('heading', { name: 'Lease 2027', level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
