import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../../server/test/start-server-process.ts';
import { attachDirectly, fixturePdf, sendToTwo, signDirectly } from '../../../../test/attachment-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { forgetSaves, watchSaves } from '../../../../test/watch-saves.ts';
import { RecipientDocument } from '../signing/recipient-document.tsx';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';

/** Issue 8, part 8: the recipient's attachments panel against the real service (API, database, PDF checks). */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
  // jsdom's Blob has no arrayBuffer() yet, which every browser has; FileReader gives the same bytes.
  if (typeof Blob.prototype.arrayBuffer !== 'function') {
    Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    };
  }
}, 90_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  forgetSaves();
});

async function openPanel(link: { linkId: string; access: Parameters<typeof RecipientDocument>[0]['access'] }) {
  const onAccessExpired = vi.fn();
  const view = renderWithApp(
    // jsdom cannot run pdf.js: pages draw nothing.
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId={link.linkId} access={link.access} onAccessExpired={onAccessExpired} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Attachments' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Attachments' }));
  return { ...view, dialog, user, onAccessExpired };
}

const choosePdf = (file: File, label = 'Choose PDF') =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const slow = { timeout: 60_000 };

describe('a recipient’s attachments', () => {
  it('lists another recipient’s, attaches a PDF, downloads it and removes it again', slow, async () => {
    const { links } = await sendToTwo(server.apiBase);
    const [anna, bo] = links;
    if (!anna || !bo) throw new Error('two links');
    await attachDirectly(server.apiBase, bo.linkId, bo.access.RequestToken, 'Intyg.pdf', fixturePdf);
    const saves = watchSaves();
    const { dialog, user } = await openPanel(anna);

    const intyg = within(await dialog.findByRole('listitem', { name: 'Intyg' }));
    expect(intyg.getByText(/Added by another recipient · 1 page/)).toBeTruthy();
    expect(intyg.queryByRole('button', { name: 'Remove Intyg' })).toBeNull();

    choosePdf(new File([fixturePdf], 'Lönebesked.pdf', { type: 'application/pdf' }));
    expect(await dialog.findByText('Lönebesked was attached.')).toBeTruthy();
    const mine = within(dialog.getByRole('listitem', { name: 'Lönebesked' }));
    expect(mine.getByText(/Added by you/)).toBeTruthy();

    await user.click(mine.getByRole('button', { name: 'Download Lönebesked' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const [saved] = saves;
    expect(saved?.fileName).toBe('Lönebesked.pdf');
    expect(new Uint8Array((await saved?.blob.arrayBuffer()) ?? [])).toEqual(fixturePdf);

    await user.click(mine.getByRole('button', { name: 'Remove Lönebesked' }));
    expect(await dialog.findByText('Lönebesked was removed.')).toBeTruthy();
    expect(dialog.queryByRole('listitem', { name: 'Lönebesked' })).toBeNull();
    expect(dialog.getByRole('listitem', { name: 'Intyg' })).toBeTruthy();
  });

  it(
    'says in the person’s language why a file was refused, and that a signed person can change nothing',
    slow,
    async () => {
      const { links } = await sendToTwo(server.apiBase);
      const [anna] = links;
      if (!anna) throw new Error('a link');
      const { dialog, services } = await openPanel(anna);
      await dialog.findByText('No attachments yet.');

      choosePdf(new File(['just some words'], 'notes.pdf', { type: 'application/pdf' }));
      expect((await dialog.findByRole('alert')).textContent).toContain('Only PDF files can be uploaded.');

      // Signed on another device meanwhile: the server refuses, and the panel says why in Swedish.
      await signDirectly(server.apiBase, anna.linkId, anna.access, 0);
      await act(() => services.i18n.changeLanguage('sv'));
      choosePdf(new File([fixturePdf], 'Intyg.pdf', { type: 'application/pdf' }), 'Välj PDF');
      await waitFor(() =>
        expect(dialog.getByRole('alert').textContent).toContain(
          'Du har signerat, så dina bilagor kan inte längre ändras.',
        ),
      );
      expect(dialog.getByText('Inga bilagor än.')).toBeTruthy();
    },
  );
});
