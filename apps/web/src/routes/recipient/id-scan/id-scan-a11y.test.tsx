import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { IdScanDialog } from './id-scan-dialog.tsx';
import { giveBlobsArrayBuffer, startIdScanServer } from './id-scan-test-server.ts';

const wait = { timeout: 3000 };
beforeAll(giveBlobsArrayBuffer);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the ID-scan dialog on a phone, by keyboard and screen reader', () => {
  it('fills a phone’s screen, moves the focus to each step’s heading, and passes axe at each step', async () => {
    // A 360 px phone: every max-width query matches (MUI's breakpoints down, the dialog full screen).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    const server = await startIdScanServer({ needsFace: true, checks: [['passed']] });
    renderWithApp(
      <IdScanDialog
        linkId="ABC123"
        requestToken="token-1"
        slot={{ index: 0, label: 'Buyer', type: 6, clarifiedName: null }}
        askClarifiedName={false}
        formValues={{}}
        onSigned={vi.fn()}
        onCancel={vi.fn()}
        onError={vi.fn()}
        pollMs={20}
      />,
      { apiBaseUrl: server.apiBase },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Verify your ID: Buyer' }, wait);
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    await expectNoAxeViolations(dialog);

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const consent = await screen.findByRole('heading', { name: 'Consent to biometric processing' }, wait);
    await waitFor(() => expect(document.activeElement).toBe(consent), wait);
    expect(screen.getByText('Consent text version 2026-11-28')).toBeTruthy();
    await expectNoAxeViolations(dialog);

    fireEvent.click(screen.getByRole('button', { name: 'I accept' }));
    const documentType = await screen.findByRole('heading', { name: 'Which document do you have?' }, wait);
    await waitFor(() => expect(document.activeElement).toBe(documentType), wait);
    expect(screen.getByRole('radiogroup', { name: 'Choose the document you will photograph.' })).toBeTruthy();
    await expectNoAxeViolations(dialog);

    fireEvent.click(screen.getByRole('radio', { name: 'Passport' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/We could not use a camera/, {}, wait);
    await expectNoAxeViolations(dialog);

    // The document, then the face, each uploaded; the check passes at the first look.
    for (const heading of [/Hold the phone at eye level/, /Your ID has been checked/]) {
      const photo = new File([new Uint8Array(2048)], 'photo.jpg', { type: 'image/jpeg' });
      fireEvent.change(screen.getByTestId('id-scan-file'), { target: { files: [photo] } });
      fireEvent.click(await screen.findByRole('button', { name: 'Use this photo' }, wait));
      await screen.findAllByText(heading, {}, wait);
    }
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your ID has been checked' })),
      wait,
    );
    await expectNoAxeViolations(dialog);
  });
});
