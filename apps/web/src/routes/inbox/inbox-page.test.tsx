import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../test/axe.ts';
import { documentOf, documentsOf, queryOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';

/** A lazy screen's first load on a machine shared by many test runs. */
const firstScreen = { timeout: 15_000 };

const submission = documentOf({ Id: 'doc-visit', Name: 'Membership', Status: 'submitted' });

/** /inbox over a server with one sub-inbox (a public link's submissions). */
async function openInbox(hash = '#/inbox') {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/linktinker/subinboxes') {
      sendJson(response, 200, { SubInboxes: [{ Id: 'CLUB2345LINK6789', Name: 'Join the club', Count: 5 }] });
      return true;
    }
    if (request.method === 'GET' && path === '/v2/linktinker/errands') {
      sendJson(response, 200, documentsOf([submission], 1));
      return true;
    }
    return undefined;
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const listQueries = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => pathOf(request.url) === '/v2/linktinker/errands').map(queryOf);

afterEach(() => setViewport(1024));

describe('/inbox: public-link submissions by sub-inbox, searchable by form answers', () => {
  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])('filters by a public link’s sub-inbox and passes axe on a %s', { timeout: 30_000 }, async (_name, width) => {
    setViewport(width);
    const requests = await openInbox();
    expect(await screen.findByText('Membership', {}, firstScreen)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search names, titles and form answers' })).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Public link' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Join the club (5)' }));
    await waitFor(() => expect(listQueries(requests).at(-1)?.subInboxId).toBe('CLUB2345LINK6789'));
    expect(window.location.hash).toBe('#/inbox?subinbox=CLUB2345LINK6789');
    await expectNoAxeViolations();
  });

  it('opens filtered from a public link', { timeout: 30_000 }, async () => {
    const requests = await openInbox('#/inbox?subinbox=CLUB2345LINK6789');
    await screen.findByText('Membership', {}, firstScreen);
    expect(listQueries(requests)[0]?.subInboxId).toBe('CLUB2345LINK6789');
  });
});
