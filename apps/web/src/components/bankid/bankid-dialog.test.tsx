import { qrCode, timings } from '@signlink/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { BankIdDialog } from './bankid-dialog.tsx';
import type { BankIdDevice } from './bankid-machine.ts';

// Real timers against a real server: the 1 s refresh and the 3 s cancel delay are waited out for real.
const slowTest = 15_000;
const user = { PersonalNumber: '19900101-1234', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const key = 'testKey_0123456789abcdefgh';
const ordersPath = '/v2/linktinker/app/bankid';
const company = {
  OrgNumber: '559100-0012',
  LegalName: 'Testbolaget Alfa AB',
  LegalForm: 'Aktiebolag',
  Address: { Street: 'Storgatan 1', ZipCode: '111 22', City: 'Stockholm', CountryCode: 'SE' },
  Roles: ['authorised-signatory', 'board-member'],
};

let server: TestHttpServer | undefined;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A server with the four order endpoints. `order.isComplete` makes the next refresh answer complete, `order.hasFailed`
 * failed (the person cancelled in the app), and `order.isStartFailing` makes every start answer 502.
 */
async function openDialog({
  device = 'desktop',
  startFails = false,
  orgNumber,
  isOrgRefused = false,
}: {
  device?: BankIdDevice;
  startFails?: boolean;
  /** Opens an organisation-number order for this company instead of a login. */
  orgNumber?: string;
  /** The registry does not list the person for the company. */
  isOrgRefused?: boolean;
} = {}) {
  const order = { isComplete: false, hasFailed: false, isStartFailing: startFails, refreshes: 0 };
  server = await startTestHttpServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (request.method === 'POST' && (path === ordersPath || path === `${ordersPath}/orgnumber`)) {
      if (order.isStartFailing)
        return sendJson(response, 502, { code: 'BANKID_START_FAILED', message: 'BankID could not start' });
      return sendJson(response, 200, {
        ClientAccessKey: key,
        AutoStartURL: `bankid:///?autostarttoken=${key}&redirect=null`,
        QrCodeData: 'bankid.token.0.hash',
      });
    }
    if (request.method === 'GET' && path === `${ordersPath}/${key}`) {
      order.refreshes++;
      if (order.isComplete) return sendJson(response, 200, { Status: 'complete' });
      if (order.hasFailed) return sendJson(response, 200, { Status: 'failed', HintCode: 'userCancel' });
      return sendJson(response, 200, {
        Status: 'pending',
        HintCode: 'outstandingTransaction',
        QrCodeData: `bankid.token.${order.refreshes}.hash`,
      });
    }
    if (request.method === 'POST' && path === `${ordersPath}/validate`) {
      return sendJson(response, 200, { Status: 'complete', User: user });
    }
    if (request.method === 'POST' && path === `${ordersPath}/validate/orgnumber`) {
      if (isOrgRefused) {
        const refusal = { code: 'ORG_NUMBER_VERIFICATION_FAILED', message: 'not authorised', requestId: 'r' };
        return sendJson(response, 403, refusal);
      }
      return sendJson(response, 200, { Status: 'complete', User: user, Company: company });
    }
    if (request.method === 'POST' && path === `${ordersPath}/${key}/cancel`) {
      response.writeHead(204);
      return response.end();
    }
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no such route' });
  });
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const purposeProps = orgNumber
    ? ({ purpose: 'org-validation', orgNumber } as const)
    : ({ purpose: 'login' } as const);
  renderWithApp(<BankIdDialog open {...purposeProps} device={device} onDone={onDone} onCancel={onCancel} />, {
    apiBaseUrl: server.apiBase,
  });
  const title = orgNumber ? 'Verify with BankID' : 'Log in with BankID';
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  return { dialog, order, onDone, onCancel, requests: server.requests };
}

const qrPayload = (image: HTMLElement) => image.getAttribute('data-qr-payload');

/** The width a PNG data URL declares in its IHDR chunk: bytes 16–19, after the signature, length and type. */
function pngWidth(dataUrl: string | null): number {
  const bytes = Buffer.from((dataUrl ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return bytes.readUInt32BE(16);
}

const startsOf = (requests: { method: string; url: string; body: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === ordersPath).map((r) => JSON.parse(r.body));

describe('BankID dialog', () => {
  it(
    'shows a QR code that changes every second and hands over the person when BankID completes',
    async () => {
      const { dialog, order, onDone, requests } = await openDialog();
      expect(dialog.getByRole('button', { name: /BankID on this device/ })).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));

      const image = await dialog.findByRole('img', { name: 'QR code for BankID' });
      expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(qrPayload(image)).toBe('bankid.token.0.hash');
      const firstSource = image.getAttribute('src');
      await waitFor(() => expect(qrPayload(dialog.getByRole('img'))).toBe('bankid.token.1.hash'), {
        timeout: timings.bankIdQrRefreshMs * 2,
      });
      expect(dialog.getByRole('img').getAttribute('src')).not.toBe(firstSource);
      expect(dialog.getByText('Start the BankID app and scan the QR code.')).toBeTruthy();

      order.isComplete = true;
      await waitFor(() => expect(onDone).toHaveBeenCalledWith(user, { Status: 'complete', User: user }), {
        timeout: timings.bankIdQrRefreshMs * 3,
      });
      expect(onDone).toHaveBeenCalledTimes(1);
      const start = requests.find((r) => r.method === 'POST' && r.url === ordersPath);
      expect(JSON.parse(start?.body ?? '{}')).toEqual({ Purpose: 'login' });
      const validate = requests.find((r) => r.url === `${ordersPath}/validate`);
      expect(JSON.parse(validate?.body ?? '{}')).toEqual({ ClientAccessKey: key });
    },
    slowTest,
  );

  it('sends a failing start exactly twice, says BankID could not start and offers the options again', async () => {
    const { dialog, requests } = await openDialog({ startFails: true });
    fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
    expect(await dialog.findByText('BankID could not start. Please try again.')).toBeTruthy();
    // Each start is a new order at BankID: the machine's one retry (SPEC section 9), with no extra try of the API
    // client's under either call.
    expect(startsOf(requests)).toEqual([{ Purpose: 'login' }, { Purpose: 'login' }]);
    expect(dialog.getByRole('button', { name: /Mobile BankID/ })).toBeTruthy();
    expect(dialog.getByRole('button', { name: /BankID on this device/ })).toBeTruthy();
    expect(dialog.queryByRole('img')).toBeNull();
    expect(dialog.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Something went wrong' })).toBeNull();
  });

  it(
    'retries a failing restart naming the order it replaces, both times',
    async () => {
      const { dialog, order, requests } = await openDialog();
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
      await dialog.findByRole('img', { name: 'QR code for BankID' });
      order.hasFailed = true;
      expect(
        await dialog.findByText(/Action cancelled/, undefined, { timeout: timings.bankIdQrRefreshMs * 3 }),
      ).toBeTruthy();

      order.isStartFailing = true;
      fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
      expect(await dialog.findByText('BankID could not start. Please try again.')).toBeTruthy();
      const restart = { Purpose: 'login', ReplacesClientAccessKey: key };
      expect(startsOf(requests)).toEqual([{ Purpose: 'login' }, restart, restart]);
    },
    slowTest,
  );

  it(
    'downloads the QR code shown as a PNG at scale 16, four times the size of the one on screen',
    async () => {
      const { dialog } = await openDialog();
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
      // A refreshed code, so the download has to follow the payload rather than keep the start's.
      await waitFor(() => expect(qrPayload(dialog.getByRole('img'))).toBe('bankid.token.1.hash'), {
        timeout: timings.bankIdQrRefreshMs * 2,
      });
      const saved: { href: string | null; fileName: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.getAttribute('href'), fileName: this.download });
      });
      const image = dialog.getByRole('img', { name: 'QR code for BankID' });
      const shownPayload = qrPayload(image) ?? '';
      const shownWidth = pngWidth(image.getAttribute('src'));
      fireEvent.click(dialog.getByRole('button', { name: 'Download QR code' }));
      await waitFor(() => expect(saved).toHaveLength(1));

      const [download] = saved;
      expect(download?.fileName).toBe('bankid-qr.png');
      expect(download?.href).toMatch(/^data:image\/png;base64,/);
      // Version 6 is 41 modules, plus a 4-module margin each side: 49 modules, 4 px each on screen, 16 in the file.
      expect(shownWidth).toBe(49 * 4);
      expect(pngWidth(download?.href ?? null)).toBe(shownWidth * (qrCode.downloadScale / qrCode.displayScale));
      expect(pngWidth(download?.href ?? null)).toBe(49 * 16);
      const expected = await QRCode.toDataURL(shownPayload, {
        errorCorrectionLevel: 'L',
        version: 6,
        margin: 4,
        scale: 16,
      });
      expect(download?.href).toBe(expected);
    },
    slowTest,
  );

  it(
    'shows the cancel button only after three seconds, and cancelling tells the server',
    async () => {
      const { dialog, onCancel, requests } = await openDialog();
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
      await dialog.findByRole('img', { name: 'QR code for BankID' });
      const startedAt = Date.now();
      expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
      // Inside act: the 1 s refreshes keep updating the dialog while the test waits.
      await act(() => new Promise((resolve) => setTimeout(resolve, timings.bankIdCancelButtonDelayMs - 800)));
      expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
      const cancel = await dialog.findByRole('button', { name: 'Cancel' }, { timeout: 2000 });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(timings.bankIdCancelButtonDelayMs - 800);

      fireEvent.click(cancel);
      expect(onCancel).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(requests.some((r) => r.url === `${ordersPath}/${key}/cancel`)).toBe(true));
    },
    slowTest,
  );

  it('opens the BankID app on this device through its autostart link', async () => {
    const { dialog } = await openDialog({ device: 'phone' });
    expect(dialog.getByRole('button', { name: /BankID on another device/ })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: /BankID on this device/ }));
    const link = await dialog.findByRole('link', { name: 'Start the BankID app' });
    expect(link.getAttribute('href')).toBe(`bankid:///?autostarttoken=${key}&redirect=null`);
    expect(dialog.getByText('Searching for BankID, it may take a little while…')).toBeTruthy();
  });

  it(
    "proves an organisation number: its own start and validate, and hands over the completed order's key",
    async () => {
      const { dialog, order, onDone, requests } = await openDialog({ orgNumber: '5591000012' });
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
      await dialog.findByRole('img', { name: 'QR code for BankID' });
      order.isComplete = true;
      await waitFor(() => expect(onDone).toHaveBeenCalledWith({ clientAccessKey: key, user, company }), {
        timeout: timings.bankIdQrRefreshMs * 3,
      });
      expect(onDone).toHaveBeenCalledTimes(1);
      const start = requests.find((r) => r.method === 'POST' && r.url.startsWith(ordersPath));
      expect(start?.url).toBe(`${ordersPath}/orgnumber`);
      expect(JSON.parse(start?.body ?? '')).toEqual({});
      const validate = requests.find((r) => r.url.startsWith(`${ordersPath}/validate`));
      expect(validate?.url).toBe(`${ordersPath}/validate/orgnumber`);
      expect(JSON.parse(validate?.body ?? '')).toEqual({ ClientAccessKey: key, OrgNumber: '5591000012' });
    },
    slowTest,
  );

  it(
    "says in the catalogue's words when the registry does not list the person, and hands nothing over",
    async () => {
      const { dialog, order, onDone } = await openDialog({ orgNumber: '5591000020', isOrgRefused: true });
      fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
      await dialog.findByRole('img', { name: 'QR code for BankID' });
      order.isComplete = true;
      const alert = await dialog.findByRole('alert', undefined, { timeout: timings.bankIdQrRefreshMs * 3 });
      expect(alert.textContent).toBe(
        'The organisation number could not be verified. Only authorised persons can do this.',
      );
      expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(onDone).not.toHaveBeenCalled();
    },
    slowTest,
  );
});
