import { timings } from '@signlink/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const id = 'cin_0123456789abcdefghij';
const key = 'orgKey_0123456789abcdefgh';
const bankId = '/v2/linktinker/app/bankid';
const base = {
  Id: id,
  PartnerName: 'Demo Partner AB',
  InviterName: 'Petra Partner',
  EmailAddressMasked: 'd•••@signlink.test',
  Status: 'pending',
};
const company = { ...base, Kind: 'company' as const, OrgNumber: '5591000012', Name: 'Andersson Konsult AB' };
const personal = { ...base, Kind: 'personal' as const, OrgNumber: null, Name: null };

function openedAccount(name: string, type: 'company' | 'personal') {
  const auth = authStateFor({ token: 'new-token' });
  return {
    ...auth,
    user: { ...auth.user, AccountId: 'acc-new', AccountName: name, AccountType: type },
    accounts: [...auth.accounts, { AccountId: 'acc-new', Name: name, Type: type, Role: 2 }],
  };
}

type Answer = [number, unknown];

async function open(details: typeof company | typeof personal, acceptAnswer?: Answer) {
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === `/v2/linktinker/app/account/invitations/${id}/details`) return sendJson(response, 200, details);
    if (path === `/v2/linktinker/app/account/invitations/${id}/accept`) {
      const opened = openedAccount(details.Kind === 'company' ? 'Andersson Konsult AB' : 'Demo Admin', details.Kind);
      return sendJson(response, ...(acceptAnswer ?? [201, opened]));
    }
    if (path === `${bankId}/orgnumber`) {
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    }
    if (path === `${bankId}/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === `${bankId}/validate/orgnumber`) {
      return sendJson(response, 200, {
        Status: 'complete',
        User: { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' },
        Company: {
          OrgNumber: '559100-0012',
          LegalName: 'Andersson Konsult AB',
          LegalForm: 'Aktiebolag',
          Address: { Street: 'Storgatan 1', ZipCode: '111 22', City: 'Stockholm', CountryCode: 'SE' },
          Roles: ['authorised-signatory'],
        },
      });
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt(`#/register/${id}`, { apiBaseUrl: server.apiBase }));
  const requests = server.requests;
  return (path: string) => requests.filter((r) => pathOf(r.url) === path).map((r) => JSON.parse(r.body || 'null'));
}

describe('/register/{id} for a partner’s customer invitation (SPEC sections 2, 5 and 6)', () => {
  it('opens the personal account offered, and the person acts for it', { timeout: 15_000 }, async () => {
    const bodiesTo = await open(personal);
    await screen.findByRole('heading', { name: 'Open your personal account' });
    expect(
      screen.getByText('Petra Partner at Demo Partner AB invites you to open a personal account on this service.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open my personal account' }));
    expect((await screen.findByRole('status')).textContent).toBe('Welcome! You now act for Demo Admin.');
    expect(bodiesTo(`/v2/linktinker/app/account/invitations/${id}/accept`)).toEqual([{}]);
    expect(services?.authStore.getToken()).toBe('new-token');
  });

  it('says so when another partner already brought their personal account', { timeout: 15_000 }, async () => {
    await open(personal, [409, { code: 'ACCOUNT_EXISTS', message: 'exists', requestId: 'r' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open my personal account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your personal account was already opened through another partner',
    );
    expect(services?.authStore.getToken()).toBe('token-1');
  });

  it('proves the invited company with BankID, then opens its account with the order’s key', {
    timeout: 15_000,
  }, async () => {
    const bodiesTo = await open(company);
    await screen.findByRole('heading', { name: 'Open a company account for Andersson Konsult AB' });
    expect(screen.getByText('559100-0012')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify with BankID and open the account' }));
    const bankIdDialog = within(await screen.findByRole('dialog', { name: 'Verify with BankID' }));
    fireEvent.click(bankIdDialog.getByRole('button', { name: /Mobile BankID/ }));
    expect(
      (
        await screen.findByText('Welcome! You now act for Andersson Konsult AB.', undefined, {
          timeout: timings.bankIdQrRefreshMs * 3,
        })
      ).textContent,
    ).toBeTruthy();
    expect(bodiesTo(`${bankId}/validate/orgnumber`)).toEqual([{ ClientAccessKey: key, OrgNumber: '5591000012' }]);
    expect(bodiesTo(`/v2/linktinker/app/account/invitations/${id}/accept`)).toEqual([{ ClientAccessKey: key }]);
  });
});
