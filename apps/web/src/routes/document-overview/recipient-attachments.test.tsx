import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../server/test/start-server-process.ts';
import { attachDirectly, fixturePdf, sendToTwo } from '../../../test/attachment-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { forgetSaves, watchSaves } from '../../../test/watch-saves.ts';
import { authStorageKey } from '../../api/auth-store.ts';

/** Issue 8, part 8, the sender's side, against the real service: the recipients' attachments on the overview. */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  forgetSaves();
});

const openOverview = async (token: string, documentId: string, title: string) => {
  localStorage.setItem(authStorageKey, token);
  renderAppAt(`#/document/${documentId}`, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 15_000 });
};

describe('recipients’ attachments on the document overview', () => {
  it('lists each with who attached it and downloads it as attached', { timeout: 60_000 }, async () => {
    const { ownerToken, documentId, title, links } = await sendToTwo(server.apiBase);
    const [anna, bo] = links;
    if (!anna || !bo) throw new Error('two links');
    await attachDirectly(server.apiBase, anna.linkId, anna.access.RequestToken, 'Lönebesked.pdf', fixturePdf);
    await attachDirectly(server.apiBase, bo.linkId, bo.access.RequestToken, 'Intyg.pdf', fixturePdf);
    const saves = watchSaves();
    await openOverview(ownerToken, documentId, title);

    const section = within(await screen.findByRole('region', { name: 'Attachments' }, { timeout: 10_000 }));
    const payslip = within(section.getByRole('listitem', { name: 'Lönebesked' }));
    expect(payslip.getByText(/^Attached by Anna Andersson, /)).toBeTruthy();
    expect(section.getByRole('listitem', { name: 'Intyg' }).textContent).toContain('Attached by Bo Berg');

    await userEvent.setup().click(payslip.getByRole('button', { name: 'Download Lönebesked' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const [saved] = saves;
    expect(saved?.fileName).toBe('Lönebesked.pdf');
    expect(saved?.blob.size).toBe(fixturePdf.length);
  });

  it('shows no attachments section for a document without any', { timeout: 60_000 }, async () => {
    const { ownerToken, documentId, title } = await sendToTwo(server.apiBase);
    await openOverview(ownerToken, documentId, title);
    await screen.findByRole('region', { name: 'History' });
    // Time for the list's (empty) answer to arrive: still no section.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('region', { name: 'Attachments' })).toBeNull();
  });
});
