import { describe, expect, it, vi } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { createTestServices } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { createLinkBankIdApi } from './bankid-gate-dialog.tsx';
import { createLinkGateApi } from './link-gate-api.ts';

const key = 'b'.repeat(32);

describe("a link's BankID gate reuses the BankID dialog with the link's calls (SPEC section 4)", () => {
  it('orders at links/{id}/bankid, and a completed order opens the link with its key', async () => {
    const server = await startTestHttpServer((request, response) => {
      if (request.url.endsWith('/access')) {
        return sendJson(response, 200, {
          ...accessFixture,
          UserData: [{ Type: 'bankIdPerson', Value: '19900101-1239' }],
        });
      }
      sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.x.0.y' });
    });
    const { apiClient: client } = createTestServices({ apiBaseUrl: server.apiBase });
    const onAccess = vi.fn();
    const api = createLinkBankIdApi(client, 'ABCDEFGH', createLinkGateApi(client, 'ABCDEFGH').openAccess, onAccess);

    await api.start({ Purpose: 'link-access' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/v2/linktinker/links/ABCDEFGH/bankid' });
    const validated = await api.validate(key);
    expect(server.requests[1]?.url).toBe('/v2/linktinker/links/ABCDEFGH/access');
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toMatchObject({
      linkID: 'ABCDEFGH',
      BankIdClientAccessKey: key,
    });
    expect(validated).toMatchObject({ Status: 'complete', User: { PersonalNumber: '19900101-1239' } });
    expect(onAccess).toHaveBeenCalledWith(expect.objectContaining({ RequestToken: 'request-token' }));
  });

  it('a refused access rejects, which the BankID dialog shows as "action cancelled" with a restart', async () => {
    const server = await startTestHttpServer((_request, response) =>
      sendJson(response, 403, { code: 'ACCESS_FAILED', message: 'no', requestId: 'r' }),
    );
    const { apiClient: client } = createTestServices({ apiBaseUrl: server.apiBase });
    const onAccess = vi.fn();
    const api = createLinkBankIdApi(client, 'ABCDEFGH', createLinkGateApi(client, 'ABCDEFGH').openAccess, onAccess);
    await expect(api.validate(key)).rejects.toMatchObject({ status: 403, code: 'ACCESS_FAILED' });
    expect(onAccess).not.toHaveBeenCalled();
  });
});
