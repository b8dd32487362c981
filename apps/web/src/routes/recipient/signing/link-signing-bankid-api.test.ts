import { ZSignLinkBankIdRequest, ZStartLinkSignatureRequest } from '@signlink/contracts/links/sign-bankid';
import { describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { createLinkSigningBankIdApi } from './recipient-api.ts';

const key = 'c'.repeat(32);

describe("a BankID slot's signature calls (SPEC section 7, the server's sign-bankid contract)", () => {
  it('names the slot when the order starts and sends the slot’s values with the signature', async () => {
    const server = await startTestHttpServer((request, response) => {
      if (request.url.endsWith('/validation/validate/bankid')) {
        return sendJson(response, 200, { Status: 'complete', SignatureIndex: 2 });
      }
      sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.x.0.y' });
    });
    const { apiClient: client } = createTestServices({ apiBaseUrl: server.apiBase });
    const formValues = { 'Text[0]': 'Stockholm', 'Checkbox[1]': true };
    const api = createLinkSigningBankIdApi(client, 'ABCDEFGH', 'request-token', {
      signatureIndex: 2,
      timeZoneOffsetMinutes: -120,
      formValues,
    });

    await api.start({ Purpose: 'login' });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v2/linktinker/links/ABCDEFGH/validation/bankid',
    });
    expect(ZStartLinkSignatureRequest.parse(JSON.parse(server.requests[0]?.body ?? '{}'))).toEqual({
      requestToken: 'request-token',
      SignatureIndex: 2,
    });

    await api.validate(key);
    expect(server.requests[1]?.url).toBe('/v2/linktinker/links/ABCDEFGH/validation/validate/bankid');
    // What the server's route parses: without FormValues a BankID slot's text fields would be lost (defaulted to {}).
    expect(ZSignLinkBankIdRequest.parse(JSON.parse(server.requests[1]?.body ?? '{}'))).toEqual({
      ClientAccessKey: key,
      SignatureIndex: 2,
      AllowServerSubmit: true,
      TimeZoneOffsetMinutes: -120,
      FormValues: formValues,
    });
  });
});
