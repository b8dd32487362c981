import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../server/test/start-server-process.ts';
import {
  apiCaller,
  type Call,
  demoLogin,
  messagesTo,
  readOnlyColleague,
  sendDocumentWithForms,
  unique,
} from '../../../test/owner-forms-seed.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { forgetSaves, watchSaves } from '../../../test/watch-saves.ts';
import { authStorageKey } from '../../api/auth-store.ts';

afterEach(() => {
  forgetSaves();
});

/** Issue 8, part 7, the sender's side, against the real service: recipients' forms on the document overview. */
describe('form submissions on the document overview', () => {
  let server: ServerProcess;
  let call: Call;
  let adminToken: string;
  beforeAll(async () => {
    server = await startServerProcess();
    call = apiCaller(server.apiBase);
    ({ accessToken: adminToken } = await call<{ accessToken: string }>('POST', 'oauth/generatetoken', null, demoLogin));
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  const openOverview = async (token: string, documentId: string, title: string) => {
    localStorage.setItem(authStorageKey, token);
    renderAppAt(`#/document/${documentId}`, { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 15_000 });
    return within(await screen.findByRole('region', { name: 'Form submissions' }, { timeout: 10_000 }));
  };

  it('approves a pending form after asking, and the submitter gets the e-mail; a final form has no decision', {
    timeout: 60_000,
  }, async () => {
    const subscriber = `anna.${unique()}@example.com`;
    const title = `Membership ${unique()}`;
    const documentId = await sendDocumentWithForms(call, adminToken, title, [
      { name: 'Anna Andersson', isPending: true, subscribeEmail: subscriber },
      { name: 'Bo Berg', isPending: false },
    ]);
    const section = await openOverview(adminToken, documentId, title);
    const user = userEvent.setup();

    const anna = within(section.getByRole('listitem', { name: 'Anna Andersson' }));
    expect(anna.getByText('Awaiting approval')).toBeTruthy();
    expect(anna.getByText(/^Sent /)).toBeTruthy();
    const bo = within(section.getByRole('listitem', { name: 'Bo Berg' }));
    expect(bo.getByText('Final')).toBeTruthy();
    expect(bo.queryByRole('button', { name: /Approve|Deny/ })).toBeNull();

    await user.click(anna.getByRole('button', { name: 'Approve the form from Anna Andersson' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this form?' }));
    expect(dialog.getByText(/cannot be changed afterwards\. Anna Andersson will be told by e-mail\./)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toBe(
      'The form from Anna Andersson was approved.',
    );
    await waitFor(() => expect(anna.getByText('Approved')).toBeTruthy(), { timeout: 10_000 });
    expect(anna.queryByRole('button', { name: /Approve|Deny/ })).toBeNull();
    // The worker delivered it through the e-mail simulator, in the document's language.
    const [mail] = await messagesTo(server.apiBase, subscriber);
    expect(mail?.subject).toBe(`Your form was approved: "${title}"`);
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('Form approved')).toBeTruthy();
  });

  it('downloads the PDF a party sent', { timeout: 60_000 }, async () => {
    const saves = watchSaves();
    const title = `Application ${unique()}`;
    const documentId = await sendDocumentWithForms(call, adminToken, title, [{ name: 'Cia Ceder', isPending: false }]);
    const section = await openOverview(adminToken, documentId, title);
    await userEvent.setup().click(section.getByRole('button', { name: 'Download PDF of the form from Cia Ceder' }));
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 10_000 });
    expect(saves[0]?.fileName).toBe(`${title}.pdf`);
    expect((await saves[0]?.blob.text())?.startsWith('%PDF-')).toBe(true);
  });

  it('lets a read-only colleague see the forms and download them, but not approve or deny', {
    timeout: 90_000,
  }, async () => {
    const title = `Survey ${unique()}`;
    const documentId = await sendDocumentWithForms(call, adminToken, title, [{ name: 'Dan Dahl', isPending: true }]);
    const readerToken = await readOnlyColleague(call, server.apiBase, adminToken);
    const section = await openOverview(readerToken, documentId, title);
    const dan = within(section.getByRole('listitem', { name: 'Dan Dahl' }));
    expect(dan.getByText('Awaiting approval')).toBeTruthy();
    expect(dan.queryByRole('button', { name: /Approve|Deny/ })).toBeNull();
    expect(dan.getByRole('button', { name: 'Download PDF of the form from Dan Dahl' })).toBeTruthy();
    // Nor can they by calling the service themselves.
    const forms = await call<{ forms: { formId: string }[] }>(
      'GET',
      `linktinker/errands/${documentId}/forms`,
      readerToken,
    );
    await expect(
      call('POST', `linktinker/errands/${documentId}/forms/${forms.forms[0]?.formId}/approval`, readerToken, {
        approvalValue: 'approve',
      }),
    ).rejects.toThrow(/: 403 /);
  });
});
