import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../../server/test/start-server-process.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { RecipientDocument } from '../signing/recipient-document.tsx';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';
import {
  devMessagesTo,
  emailCodeTo,
  type FormLink,
  saveFormDirectly,
  seedFormLink,
  signDirectly,
} from './recipient-form.test-helpers.ts';

/** Issue 8, part 7: the recipient's form against the real service (API, database, PDF pool, message simulators). */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => vi.restoreAllMocks());

function renderForm(link: FormLink) {
  const onAccessExpired = vi.fn();
  const view = renderWithApp(
    // jsdom cannot run pdf.js: pages draw nothing, the fields are real.
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId={link.linkId} access={link.access} onAccessExpired={onAccessExpired} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
  return { ...view, onAccessExpired, user: userEvent.setup() };
}

const nameField = () => screen.findByRole('textbox', { name: 'Full name' }) as Promise<HTMLInputElement>;
const slow = { timeout: 60_000 };
/** Anna's link once she has signed with her name: the form is hers to send a copy of. */
const signedFormLink = async (settings = {}) =>
  signDirectly(server.apiBase, await seedFormLink(server.apiBase, settings), { 'Full name': 'Anna Andersson' });

describe('submitting a recipient’s form', () => {
  it('offers no Submit while the person has a signature to give: signing comes first', slow, async () => {
    const link = await seedFormLink(server.apiBase);
    renderForm(link);
    expect((await nameField()).readOnly).toBe(false);
    expect(await screen.findByRole('button', { name: 'Next field' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a copy' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Form' })).toBeNull();
  });

  it(
    'after signing, sends a copy: the signed values to the addresses and to the person, then downloads the PDF',
    slow,
    async () => {
      const link = await signedFormLink();
      const first = renderForm(link);
      const { user } = first;
      // Her values came with her signature: shown read-only, the panel offering to send a copy.
      expect((await nameField()).value).toBe('Anna Andersson');
      expect((await nameField()).readOnly).toBe(true);
      // The form's panel is its own chunk, fetched beside the first page.
      expect(
        await screen.findByText(/You have signed. You can also send a copy/, {}, { timeout: 20_000 }),
      ).toBeTruthy();
      await user.click(await screen.findByRole('button', { name: 'Send a copy' }));
      const dialog = await screen.findByRole('dialog', { name: 'Submit the form' });
      await user.type(within(dialog).getByRole('textbox', { name: 'E-mail addresses' }), 'boss@example.com');
      await user.type(within(dialog).getByRole('textbox', { name: 'Subject (optional)' }), 'Membership');
      const copy = within(dialog).getByRole('checkbox', { name: `Send a copy to me (${link.email})` });
      expect((copy as HTMLInputElement).checked).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      expect(await screen.findByText('✓ The form has been submitted', {}, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByText('It can no longer be changed.')).toBeTruthy();
      expect(screen.getByText(`Sent to boss@example.com, ${link.email}.`)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      const name = await nameField();
      expect(name.readOnly).toBe(true);
      expect(name.value).toBe('Anna Andersson');
      expect(screen.queryByRole('button', { name: 'Send a copy' })).toBeNull();

      await waitFor(
        async () => {
          const [mail] = await devMessagesTo(server.apiBase, 'boss@example.com');
          expect(mail?.subject).toContain('Membership');
          expect(mail?.attachments?.[0]?.contentType).toBe('application/pdf');
        },
        { timeout: 20_000 },
      );

      // The download goes through submittedpdfurl to the PDF itself.
      let saved: Blob | undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        saved = blob as Blob;
        return 'blob:form';
      });
      await user.click(screen.getByRole('button', { name: 'Download submitted PDF' }));
      await waitFor(() => expect(saved).toBeDefined());
      expect(new TextDecoder().decode((await saved?.arrayBuffer())?.slice(0, 5))).toBe('%PDF-');

      // A reload shows the submitted form as submitted: the saved form is the page's truth.
      first.unmount();
      renderForm(link);
      expect(await screen.findByText('✓ The form has been submitted')).toBeTruthy();
      expect((await nameField()).readOnly).toBe(true);
    },
  );

  it(
    'submits pending when the sender requires approval: waiting, and a receipt to the person’s own address',
    slow,
    async () => {
      const link = await signedFormLink({ requireFormApproval: true });
      expect(link.access.Settings.requireFormApproval).toBe(true);
      const { user } = renderForm(link);
      await user.click(await screen.findByRole('button', { name: 'Send a copy' }));
      const dialog = await screen.findByRole('dialog', { name: 'Submit the form' });
      expect(within(dialog).getByText(/The sender reviews it before it is final/)).toBeTruthy();
      await user.click(within(dialog).getByRole('checkbox', { name: /Send a copy to me/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(
        await screen.findByText(
          'Waiting for approval from the sender. The form can no longer be changed.',
          {},
          {
            timeout: 20_000,
          },
        ),
      ).toBeTruthy();

      const before = new Set((await devMessagesTo(server.apiBase, link.email)).map((message) => message.id));
      await user.click(screen.getByRole('button', { name: 'Send a receipt' }));
      const receipt = await screen.findByRole('dialog', { name: 'Send a receipt' });
      expect((within(receipt).getByRole('textbox', { name: 'E-mail addresses' }) as HTMLInputElement).value).toBe(
        link.email,
      );
      await user.click(within(receipt).getByRole('button', { name: 'Send receipt' }));
      expect(await screen.findByText(`Sent to ${link.email}.`, {}, { timeout: 20_000 })).toBeTruthy();
      await waitFor(
        async () => {
          const fresh = (await devMessagesTo(server.apiBase, link.email)).filter((message) => !before.has(message.id));
          expect(fresh).toHaveLength(1);
        },
        { timeout: 20_000 },
      );
    },
  );

  it('opens a form an integration saved pending, and keeps it pending', slow, async () => {
    const link = await signedFormLink();
    const name = link.access.Documents[0]?.Rules?.fields.find((field) => field.label === 'Full name')?.name ?? '';
    await saveFormDirectly(server.apiBase, link, { instantJson: { [name]: 'Anna Andersson' }, isPending: true });
    const { user } = renderForm(link);
    await waitFor(async () => expect((await nameField()).value).toBe('Anna Andersson'));
    await user.click(await screen.findByRole('button', { name: 'Send a copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the form' });
    expect(within(dialog).getByText(/The sender reviews it before it is final/)).toBeTruthy();
  });

  it('shows the catalogue’s error, in the page’s language, for an address the server refuses', slow, async () => {
    const link = await signedFormLink();
    const { user, services } = renderForm(link);
    await services.i18n.changeLanguage('sv');
    await user.click(await screen.findByRole('button', { name: 'Skicka en kopia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka in formuläret' });
    const emails = within(dialog).getByRole('textbox', { name: 'E-postadresser' });
    await user.type(emails, 'boss@example.com, not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Skicka in' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 20_000 })).textContent).toContain(
      'E-postadressen är inte giltig.',
    );
    expect(emails.getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent: the form is not submitted.
    expect(screen.queryByText(/Formuläret har skickats in/)).toBeNull();
  });
});

describe('sharing a recipient’s form', () => {
  it('shares to another address after its code is checked, and then nothing changes', slow, async () => {
    const link = await signedFormLink({ enableSharing: true });
    const { user } = renderForm(link);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share the form' });
    const colleague = `colleague.${Date.now().toString(36)}@example.com`;
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), colleague);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeField = await within(dialog).findByRole('textbox', { name: 'Code from the e-mail' }, { timeout: 20_000 });
    await user.type(codeField, await emailCodeTo(server.apiBase, colleague));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('✓ The form has been shared', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Waiting for approval from the sender/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a copy' })).toBeNull();
    await waitFor(
      async () => {
        const copies = (await devMessagesTo(server.apiBase, colleague)).filter((message) => message.attachments);
        expect(copies).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
  });

  it('shares to the person’s own verified address without a code', slow, async () => {
    const link = await signedFormLink({ enableSharing: true });
    const { user } = renderForm(link);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share the form' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), link.email);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('✓ The form has been shared', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).toBeNull();
  });

  it(
    'offers Share only when the sender enabled sharing and Submit only when not disabled: either alone, or neither',
    slow,
    async () => {
      const plain = await signedFormLink();
      const first = renderForm(plain);
      const submit = await screen.findByRole('button', { name: 'Send a copy' });
      expect(submit.className).toContain('MuiButton-contained');
      expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
      first.unmount();
      const disabled = await signedFormLink({ disableSubmit: true });
      const second = renderForm(disabled);
      await nameField();
      expect(screen.queryByRole('region', { name: 'Form' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send a copy' })).toBeNull();
      second.unmount();
      // Each setting governs its own button: submit disabled, sharing enabled is a form to share only.
      const shareOnly = await signedFormLink({ disableSubmit: true, enableSharing: true });
      renderForm(shareOnly);
      const panel = await screen.findByRole('region', { name: 'Form' });
      expect(within(panel).getByText('You have signed. You can also share the filled-in form.')).toBeTruthy();
      expect(within(panel).getByRole('button', { name: 'Share' })).toBeTruthy();
      expect(within(panel).queryByRole('button', { name: 'Send a copy' })).toBeNull();
    },
  );
});
