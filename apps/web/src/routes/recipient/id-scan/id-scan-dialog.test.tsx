import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { IdScanDialog } from './id-scan-dialog.tsx';
import { type CheckAnswer, giveBlobsArrayBuffer, signedStatus, startIdScanServer } from './id-scan-test-server.ts';

const wait = { timeout: 3000 };

beforeAll(giveBlobsArrayBuffer);
const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  vi.restoreAllMocks();
  if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
  else Reflect.deleteProperty(navigator, 'mediaDevices');
});

async function renderScan(options: { type: 5 | 6; checks?: CheckAnswer[][] }) {
  const server = await startIdScanServer({ needsFace: options.type === 6, checks: options.checks ?? [['passed']] });
  const onSigned = vi.fn();
  const onCancel = vi.fn();
  const onError = vi.fn();
  const view = renderWithApp(
    <IdScanDialog
      linkId="ABC123"
      requestToken="token-1"
      slot={{ index: 1, label: 'Tenant', type: options.type, clarifiedName: null }}
      askClarifiedName={false}
      formValues={{ 'text[1].city': 'Lund' }}
      onSigned={onSigned}
      onCancel={onCancel}
      onError={onError}
      pollMs={20}
      // jsdom has no 2D canvas for signature_pad; the typed signature needs none.
      createPad={() => new Promise(() => undefined)}
    />,
    { apiBaseUrl: server.apiBase },
  );
  expect(await screen.findByRole('dialog', { name: 'Verify your ID: Tenant' }, wait)).toBeTruthy();
  return { server, onSigned, onCancel, onError, unmount: view.unmount };
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const photo = (type = 'image/jpeg', bytes = 2048) => new File([new Uint8Array(bytes).fill(7)], 'id.jpg', { type });

/** Past the start and the consent, to the document type (init called). */
async function acceptConsent() {
  click('Start');
  expect(await screen.findByRole('heading', { name: 'Consent to biometric processing' }, wait)).toBeTruthy();
  click('I accept');
  expect(await screen.findByRole('heading', { name: 'Which document do you have?' }, wait)).toBeTruthy();
}
async function chooseDocument(name: string) {
  fireEvent.click(screen.getByRole('radio', { name }));
  click('Continue');
  // jsdom has no camera: the upload is offered in its place.
  expect(await screen.findByText(/We could not use a camera/, {}, wait)).toBeTruthy();
}
async function uploadPhoto(file = photo()) {
  fireEvent.change(await screen.findByTestId('id-scan-file', {}, wait), { target: { files: [file] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Use this photo' }, wait));
}

describe('the ID-scan dialog, type 6 (ID with live check)', () => {
  it('takes consent, the document and the face, waits for the check, shows what was read, and signs', async () => {
    const { server, onSigned } = await renderScan({ type: 6, checks: [['checking', 'checking', 'passed']] });
    expect(screen.getByText(/You take a photo of your face/)).toBeTruthy();
    await acceptConsent();
    const [init] = server.calls('/idscan/live/init');
    expect(JSON.parse(init?.body ?? '{}')).toEqual({
      RequestToken: 'token-1',
      SignatureIndex: 1,
      BiometricConsent: true,
      ConsentTextVersion: '2026-11-28',
    });
    await chooseDocument('Passport');
    expect(screen.getByText('Photograph the page of your passport with your photo on it.')).toBeTruthy();
    await uploadPhoto();
    expect(await screen.findByText(/Hold the phone at eye level/, {}, wait)).toBeTruthy();
    const [page] = server.calls('/idscan/processimages');
    const query = new URL(page?.url ?? '', 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      RequestToken: 'token-1',
      IdScanId: 'ids_scan000000000001',
      DocumentType: 'passport',
      Side: 'front',
    });
    expect(page?.headers['content-type']).toBe('image/jpeg');
    expect(page?.body.length).toBe(2048);

    await uploadPhoto(photo('image/png', 4096));
    expect(await screen.findByRole('heading', { name: 'Your ID has been checked' }, wait)).toBeTruthy();
    const [face] = server.calls('/idscan/live/validate');
    expect(face?.headers['content-type']).toBe('image/png');
    expect(server.calls('/idscan/apply')).toHaveLength(1);
    expect(server.calls('/idscan/ids_scan000000000001').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('ANNA MARIA BERG')).toBeTruthy();
    expect(screen.getByText('•••• 4821')).toBeTruthy();
    expect(screen.getByText('May 17, 2031')).toBeTruthy();

    click('Sign');
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(signedStatus), wait);
    const sign = JSON.parse(server.calls('/sign/id/live')[0]?.body ?? '{}');
    expect(sign).toMatchObject({
      RequestToken: 'token-1',
      SignatureIndex: 1,
      IdScanId: 'ids_scan000000000001',
      AllowServerSubmit: true,
      FormValues: { 'text[1].city': 'Lund' },
    });
    expect(typeof sign.TimeZoneOffsetMinutes).toBe('number');
    expect(server.calls('/idscan/remove')).toHaveLength(0);
  });

  it('ends without a scan when consent is declined, with a way back to the consent', async () => {
    const { server, onCancel } = await renderScan({ type: 6 });
    click('Start');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }, wait));
    expect(await screen.findByRole('heading', { name: 'Your ID was not checked' }, wait)).toBeTruthy();
    click('Back to the consent');
    expect(await screen.findByRole('heading', { name: 'Consent to biometric processing' }, wait)).toBeTruthy();
    click('Decline');
    await screen.findByRole('heading', { name: 'Your ID was not checked' }, wait);
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1) as Element);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(0);
  });

  it('says why a check failed, and Try again removes the scan and starts a new one from the document type', async () => {
    const { server, onCancel } = await renderScan({
      type: 6,
      checks: [['checking', 'SCAN_MATCH_FAILED'], ['checking']],
    });
    await acceptConsent();
    await chooseDocument('Passport');
    await uploadPhoto();
    await screen.findByText(/Hold the phone at eye level/, {}, wait);
    await uploadPhoto();
    expect(await screen.findByText('The face did not match the ID document.', {}, wait)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The check did not pass' })).toBeTruthy();
    click('Try again');
    expect(await screen.findByRole('heading', { name: 'Which document do you have?' }, wait)).toBeTruthy();
    expect(JSON.parse(server.calls('/idscan/remove')[0]?.body ?? '{}')).toEqual({
      RequestToken: 'token-1',
      IdScanId: 'ids_scan000000000001',
    });
    expect(server.calls('/idscan/live/init')).toHaveLength(2);
    // Leaving midway removes the new scan too.
    click('Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.calls('/idscan/remove')).toHaveLength(2), wait);
    expect(JSON.parse(server.calls('/idscan/remove')[1]?.body ?? '{}').IdScanId).toBe('ids_scan000000000002');
  });
});

describe('the ID-scan dialog’s photos', () => {
  it('refuses a file that is not a JPEG or PNG, and one over the size limit, before sending anything', async () => {
    const { server } = await renderScan({ type: 5 });
    await acceptConsent();
    await chooseDocument('National ID card');
    const input = screen.getByTestId('id-scan-file');
    fireEvent.change(input, { target: { files: [photo('application/pdf')] } });
    expect(await screen.findByText('Choose a photo in JPEG or PNG format.', {}, wait)).toBeTruthy();
    const large = photo();
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [large] } });
    expect(await screen.findByText('The photo is larger than 10 MB. Choose a smaller one.', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use this photo' })).toBeNull();
    expect(server.calls('/idscan/processimages')).toHaveLength(0);
  });

  it('offers the upload when the camera is refused', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    await renderScan({ type: 5 });
    await acceptConsent();
    await chooseDocument('Passport');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(screen.getByRole('button', { name: 'Upload a photo instead' }).className).toContain('MuiButton-contained');
    expect(screen.queryByRole('button', { name: 'Capture' })).toBeNull();
  });

  it('shows the back camera with its framing guide, and stops the camera when the dialog is closed', async () => {
    const track = { stop: vi.fn() };
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [track] });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    // jsdom plays no video.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { server, onCancel, unmount } = await renderScan({ type: 5 });
    await acceptConsent();
    fireEvent.click(screen.getByRole('radio', { name: 'Passport' }));
    click('Continue');
    expect(await screen.findByRole('button', { name: 'Capture' }, wait)).toBeTruthy();
    expect(screen.getByText('Place the whole document inside the frame, in good light')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a photo instead' })).toBeTruthy();
    expect(track.stop).not.toHaveBeenCalled();
    click('Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.calls('/idscan/remove')).toHaveLength(1), wait);
    // The page closes the dialog on cancel, as use-signing-flow does.
    unmount();
    expect(track.stop).toHaveBeenCalledTimes(1);
  });

  it('says a driving licence is not accepted and asks for another document', async () => {
    const { server } = await renderScan({ type: 5 });
    await acceptConsent();
    await chooseDocument('Driving licence');
    await uploadPhoto();
    expect(await screen.findByText('This type of ID document is not accepted.', {}, wait)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Which document do you have?' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Driving licence' }) as HTMLInputElement).checked).toBe(false);
    expect(server.calls('/idscan/processimages')).toHaveLength(1);
  });
});

describe('the ID-scan dialog, type 5 (ID plus e-signature)', () => {
  it('photographs both sides of an ID card, then opens the signature dialog and signs with the scan', async () => {
    const { server, onSigned } = await renderScan({ type: 5 });
    expect(screen.queryByText(/You take a photo of your face/)).toBeNull();
    await acceptConsent();
    await chooseDocument('National ID card');
    await uploadPhoto();
    expect(await screen.findByText('Now photograph the back of your ID card.', {}, wait)).toBeTruthy();
    await uploadPhoto();
    expect(await screen.findByRole('heading', { name: 'Your ID has been checked' }, wait)).toBeTruthy();
    const sides = server.calls('/idscan/processimages').map((call) => new URL(call.url, 'http://x').searchParams);
    expect(sides.map((query) => query.get('Side'))).toEqual(['front', 'back']);
    expect(server.calls('/idscan/live/validate')).toHaveLength(0);

    click('Continue to your signature');
    expect(await screen.findByRole('dialog', { name: 'Sign: Tenant' }, wait)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Type your name' }), { target: { value: 'Anna Berg' } });
    click('Sign');
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(signedStatus), wait);
    expect(JSON.parse(server.calls('/sign/ink/id')[0]?.body ?? '{}')).toMatchObject({
      RequestToken: 'token-1',
      SignatureIndex: 1,
      IdScanId: 'ids_scan000000000001',
      TypedSignature: 'Anna Berg',
      FormValues: { 'text[1].city': 'Lund' },
    });
  });
});
