import { timings } from '@signlink/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';

const user = { PersonalNumber: '19900101-1234', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const key = 'pageKey_0123456789abcdefgh';

let server: TestHttpServer | undefined;

/** An order that BankID completes at the first refresh. */
async function openPage() {
  server = await startTestHttpServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/v2/linktinker/app/bankid') {
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    }
    if (path === `/v2/linktinker/app/bankid/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === '/v2/linktinker/app/bankid/validate')
      return sendJson(response, 200, { Status: 'complete', User: user });
    response.writeHead(204);
    response.end();
  });
  renderAppAt('#/bankid', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'BankID login', level: 1 });
}

describe('BankID test page', () => {
  it('opens the dialog and shows the identity BankID returns', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Log in with BankID' }));
    fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
    const identity = within(
      await screen.findByRole('region', { name: 'Identified person' }, { timeout: timings.bankIdQrRefreshMs * 3 }),
    );
    expect(identity.getByText('Anna Andersson')).toBeTruthy();
    expect(identity.getByText('19900101-1234')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the dialog is left without an identity', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Log in with BankID' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The dialog was closed without an identification.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Identified person' })).toBeNull();
  });
});
