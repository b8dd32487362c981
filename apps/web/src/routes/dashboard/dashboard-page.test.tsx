import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { documentOf, documentsOf, queryOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';

async function openDashboard(late = 2, drafts = [{ Id: 'prj-1', Title: 'Half-done NDA' }]) {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/linktinker/errands/count') {
      sendJson(response, 200, {
        Sent: 12,
        AwaitingSignatures: 4,
        AwaitingPayment: 1,
        Late: late,
        Archived: 3,
        Inbox: 0,
        Unhandled: 5,
      });
      return true;
    }
    if (path === '/v2/linktinker/errands') {
      const query = queryOf(request);
      const documents =
        query.sort === 'created'
          ? [documentOf({ Id: 'doc-new', Name: 'Newest offer', Status: 'signed' })]
          : [documentOf({ Id: 'doc-late', Name: 'Late lease', IsLate: true })];
      sendJson(response, 200, documentsOf(documents));
      return true;
    }
    if (path === '/v2/linktinker/projects') {
      sendJson(response, 200, {
        Projects: drafts.map((draft) => ({ ...draft, FileCount: 1, Updated: '2026-11-22T10:00:00.000Z' })),
      });
      return true;
    }
  });
  renderAppAt('#/dashboard', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Welcome, Demo', level: 1 });
  return server.requests;
}

describe('/dashboard (SPEC section 2)', () => {
  it('welcomes the user and shows what awaits signatures, the late warning, the latest sent and the drafts', {
    timeout: 15_000,
  }, async () => {
    const requests = await openDashboard();
    expect(screen.getByText('You are working in Demo AB.')).toBeTruthy();
    const warning = await screen.findByText('2 documents were sent at least 7 days ago and still await signatures.');
    expect(
      within(warning.closest('[role="note"]') as HTMLElement)
        .getByRole('link', { name: 'Show' })
        .getAttribute('href'),
    ).toBe('#/sent?status=awaiting-signatures&days=7');
    const awaiting = within(screen.getByRole('region', { name: /Awaiting signatures/ }));
    expect(await awaiting.findByRole('link', { name: 'Late lease' })).toBeTruthy();
    expect(awaiting.getByText('Late')).toBeTruthy();
    expect(awaiting.getByText('4')).toBeTruthy();
    const latest = within(screen.getByRole('region', { name: 'Latest sent document' }));
    expect((await latest.findByRole('link', { name: 'Newest offer' })).getAttribute('href')).toBe('#/document/doc-new');
    expect(latest.getByText('Signed by all parties')).toBeTruthy();
    const drafts = within(screen.getByRole('region', { name: 'Drafts' }));
    expect((await drafts.findByRole('link', { name: 'Half-done NDA' })).getAttribute('href')).toBe('#/create/prj-1');
    const quick = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    expect(quick.getByRole('link', { name: 'New document' }).getAttribute('href')).toBe('#/create');
    const lists = requests.filter((request) => pathOf(request.url) === '/v2/linktinker/errands').map(queryOf);
    expect(lists).toEqual(
      expect.arrayContaining([
        { box: 'sent', status: 'awaiting-signatures', sort: 'latest-activity', pageSize: '5' },
        { box: 'sent', sort: 'created', pageSize: '1' },
      ]),
    );
  });

  it('asks again on each visit: a draft made meanwhile is listed on coming back', { timeout: 15_000 }, async () => {
    const drafts = [{ Id: 'prj-1', Title: 'Half-done NDA' }];
    await openDashboard(2, drafts);
    await within(screen.getByRole('region', { name: 'Drafts' })).findByRole('link', { name: 'Half-done NDA' });
    window.location.hash = '#/sent';
    await screen.findByRole('heading', { name: 'Sent documents', level: 1 });
    drafts.unshift({ Id: 'prj-2', Title: 'Offer made in the editor' });
    window.location.hash = '#/dashboard';
    const region = within(await screen.findByRole('region', { name: 'Drafts' }));
    expect(await region.findByRole('link', { name: 'Offer made in the editor' })).toBeTruthy();
  });

  it('shows no late warning when nothing is late', { timeout: 15_000 }, async () => {
    await openDashboard(0);
    await screen.findByRole('link', { name: 'Late lease' });
    expect(screen.queryByText(/at least 7 days ago/)).toBeNull();
  });

  it("opens SPEC section 2's document menu items from the header's menu", { timeout: 15_000 }, async () => {
    await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = within(await screen.findByRole('presentation'));
    const nav = within(drawer.getByRole('navigation', { name: 'Documents' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'New document',
      'Drafts',
      'Sent',
      'Archived',
      'Inbox',
      'Templates',
      'Links',
      'Contacts',
      'Verify document',
    ]);
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(nav.getByRole('link', { name: 'Sent' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sent'));
    expect(await screen.findByRole('heading', { name: 'Sent documents', level: 1 })).toBeTruthy();
  });
});
