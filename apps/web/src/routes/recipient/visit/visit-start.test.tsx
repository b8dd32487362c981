import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { contactFields } from './visit-start.tsx';

/** A lazy screen's first load on a machine shared by many test runs. */
const firstScreen = { timeout: 15_000 };

const visitDetails = {
  Code: 'VISIT1',
  PreviewCode: null,
  LinkName: 'Membership',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Club AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
};
const role = (index: number, name: string, fixed: boolean) => ({
  SignatureIndex: index,
  Role: name,
  SignatureType: 'e-signature',
  Fixed: fixed,
});
/** A public link's code: SMS-gated (for the visit), the visitor names the witness; the club's signer is fixed. */
const publicDetails = {
  ...visitDetails,
  Code: 'PUBLIC1',
  LinkName: 'Join the club',
  RequireSMS: true,
  PublicLink: { Roles: [role(0, 'Customer', false), role(1, 'Witness', false), role(2, 'Club', true)] },
};
const access = {
  ...accessFixture,
  Documents: [{ Title: 'Membership.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};

let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      const id = /\/linktinker\/(?:public)?links\/([A-Z0-9]+)/.exec(path)?.[1] ?? '';
      if (path.endsWith('/visits')) {
        if (id === 'POOR1') {
          return sendJson(response, 402, { code: 'RECIPIENT_INSUFFICIENT_BALANCE', message: 'x', requestId: 'r' });
        }
        if (id === 'GONE1') return sendJson(response, 410, { code: 'LINK_RECALLED', message: 'x', requestId: 'r' });
        return sendJson(response, 201, { Code: 'VISIT1' });
      }
      if (path.endsWith('/count')) return sendJson(response, 204, null);
      if (path.endsWith('/access')) return sendJson(response, 200, access);
      if (id === 'VISIT1') return sendJson(response, 200, visitDetails);
      if (['PUBLIC1', 'POOR1', 'GONE1'].includes(id)) return sendJson(response, 200, { ...publicDetails, Code: id });
      return sendJson(response, 404, { code: 'INVALID_LINK', message: 'invalid', requestId: 'req-2' });
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());
afterEach(() => setViewport(1024));

const fillWitness = async () => {
  const witness = within(await screen.findByRole('group', { name: 'Witness' }, firstScreen));
  fireEvent.change(screen.getByRole('textbox', { name: /^Your name/ }), { target: { value: 'Carmen Ruiz' } });
  fireEvent.change(witness.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Wendy Witness' } });
  fireEvent.change(witness.getByRole('textbox', { name: /E-mail or mobile number/ }), {
    target: { value: 'wendy@example.com' },
  });
};

describe("a public link's start (the visitor names the others, then the visit's own link opens)", () => {
  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])(
    'shows the role the visitor signs as and the roles they name, and passes axe on a %s',
    {
      timeout: 30_000,
    },
    async (_name, width) => {
      setViewport(width);
      renderAppAt('#/?link=PUBLIC1', { apiBaseUrl: server.apiBase });
      expect(await screen.findByText('You sign as Customer.', {}, firstScreen)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Join the club' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Witness' })).toBeTruthy();
      // The owner fixed the club's signer: the visitor does not name them.
      expect(screen.queryByRole('group', { name: 'Club' })).toBeNull();
      // No gate and no access for the public link's own code: they are the visit's.
      expect(server.requests.some((request) => request.url.includes('/PUBLIC1/access'))).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();
      await expectNoAxeViolations();
    },
  );

  it('starts the visit with the people named and opens its own link', { timeout: 30_000 }, async () => {
    renderAppAt('#/?link=PUBLIC1', { apiBaseUrl: server.apiBase });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(/Enter a name and an e-mail address/)).toBeTruthy();
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    await fillWitness();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: 'Membership.pdf' })).toBeTruthy();
    expect(window.location.hash).toBe('#/?link=VISIT1');
    const started = server.requests.find((request) => request.url.endsWith('/publiclinks/PUBLIC1/visits'));
    expect(JSON.parse(started?.body ?? '{}')).toEqual({
      Parties: [
        { SignatureIndex: 0, Name: 'Carmen Ruiz' },
        { SignatureIndex: 1, Name: 'Wendy Witness', Email: 'wendy@example.com' },
      ],
    });
  });

  it("tells the visitor when the owner's balance cannot pay, before any work", { timeout: 30_000 }, async () => {
    renderAppAt('#/?link=POOR1', { apiBaseUrl: server.apiBase });
    await fillWitness();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("The sender's balance is too low. Please contact the sender.")).toBeTruthy();
    expect(window.location.hash).toBe('#/?link=POOR1');
  });

  it('shows the recalled page for a link disabled meanwhile', { timeout: 30_000 }, async () => {
    renderAppAt('#/?link=GONE1', { apiBaseUrl: server.apiBase });
    await fillWitness();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByText('The link has been recalled by its owner.')).toBeTruthy());
  });

  it('reads an address with an @ as e-mail and anything else as a mobile number', () => {
    expect(contactFields(' anna@example.com ')).toEqual({ Email: 'anna@example.com' });
    expect(contactFields('070-123 45 67')).toEqual({ Phone: '070-123 45 67' });
    expect(contactFields(' ')).toEqual({});
  });
});
