import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';

let server: TestHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The first sign-up step from an address with `?campaign=`; the body of `register/sms` as the server got it. */
async function firstStepBody(hash: string) {
  server = await startTestHttpServer((request, response) => {
    if (pathOf(request.url) === '/v2/linktinker/app/register/sms') {
      return sendJson(response, 200, {
        RegistrationId: 'reg_0123456789abcdef',
        PhoneNumberToken: 'phoneToken_0123456789',
        PhoneNumberMasked: '+46 70•••• 67',
      });
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Create your Signlink account' });
  const form = within(await screen.findByRole('form', { name: /mobile/i }));
  fireEvent.change(form.getByLabelText('Mobile number'), { target: { value: '070 123 45 67' } });
  fireEvent.click(form.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('form', { name: /confirm/i });
  const sent = server.requests.find((request) => pathOf(request.url) === '/v2/linktinker/app/register/sms');
  return JSON.parse(sent?.body ?? '{}');
}

describe('a sign-up from a campaign address (SPEC section 3, Login credentials payload)', () => {
  it('sends the campaign id with the sign-up', { timeout: 15_000 }, async () => {
    expect(await firstStepBody('#/createaccount?campaign=SPRING25')).toMatchObject({
      campaignActivationId: 'SPRING25',
    });
  });

  it('leaves out what cannot be a campaign id', { timeout: 15_000 }, async () => {
    expect(await firstStepBody('#/createaccount?campaign=no%20way!')).not.toHaveProperty('campaignActivationId');
  });
});
