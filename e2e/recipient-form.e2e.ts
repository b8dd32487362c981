import { describe, expect, it } from 'vitest';
import { en, es, fill, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { settledScreenshot } from './support/browser.ts';
import { latestMessageTo } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { fillThroughGuide, openDocument, passCodeGate, signWithInk } from './support/recipient-steps.ts';

const journey = useBrowserJourney();

describe('a recipient submits a form in a real browser (issue 8, part 7; after signing, issue 22)', () => {
  it('on a phone: e-mail gate, signing first, then a copy of the form to an address and to the person', async () => {
    const link = await seedLink(journey.server.url, { name: 'Membership', gate: 'email', hasSecondParty: true });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    await page.goto(`${journey.server.url}/${link.code}`);
    await passCodeGate(page, journey.server.url, en, link, 'email', 'form-phone-en');
    await openDocument(page, 'form-phone-en');
    const texts = en.recipientDocument.form;
    // Where the person has a signature to give, Submit is not in the way: it would freeze the form unsigned.
    expect(await page.getByRole('button', { name: texts.submit, exact: true }).count()).toBe(0);
    await fillThroughGuide(page, en);
    await signWithInk(page, en, 'form-phone-en');
    const sendCopy = page.getByRole('button', { name: texts.afterSigning.submit });
    await sendCopy.waitFor();
    expect(await page.getByRole('textbox', { name: 'Full name' }).isEditable()).toBe(false);

    await sendCopy.click();
    const dialog = page.getByRole('dialog', { name: texts.dialog.title });
    await dialog.getByRole('textbox', { name: texts.dialog.emails }).fill('board@example.com');
    await dialog.getByRole('textbox', { name: texts.dialog.subject }).fill('Membership application');
    await settledScreenshot(page, 'recipient-form-submit-dialog-phone-en', { fullPage: false });
    await dialog.getByRole('button', { name: texts.dialog.submit }).click();

    await page.getByText(`✓ ${texts.status.submittedTitle}`).waitFor({ timeout: 30_000 });
    await page.getByText(fill(texts.status.sentTo, { recipients: `board@example.com, ${link.email}` })).waitFor();
    await settledScreenshot(page, 'recipient-form-submitted-phone-en', { fullPage: false });
    const mail = await latestMessageTo(journey.server.url, 'board@example.com');
    expect(mail.subject).toContain('Membership application');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.download }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    expect(problems).toEqual([]);
  });

  it('on a phone in Swedish and Spanish: the submit and share dialogs fit the screen', async () => {
    const link = await seedLink(journey.server.url, {
      name: 'Ansökan',
      settings: { enableSharing: true },
      hasSecondParty: true,
    });
    // Anna signs first: the form's Submit and Share come after, to send a copy.
    const signer = await openInLanguage(journey, phoneContext, 'en-us');
    await signer.page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(signer.page, 'form-signer-phone-en');
    await fillThroughGuide(signer.page, en);
    await signWithInk(signer.page, en, 'form-signer-phone-en');
    await signer.page.getByRole('button', { name: en.recipientDocument.form.afterSigning.submit }).waitFor();
    await journey.context.close();
    for (const [texts, language] of [
      [sv, 'sv'],
      [es, 'es'],
      [en, 'en-us'],
    ] as const) {
      const form = texts.recipientDocument.form;
      const { page, problems } = await openInLanguage(journey, phoneContext, language);
      await page.goto(`${journey.server.url}/${link.code}`);
      await openDocument(page, `form-phone-${language}`);
      await page.getByRole('button', { name: form.afterSigning.submit, exact: true }).click();
      const submit = page.getByRole('dialog', { name: form.dialog.title });
      await submit.waitFor();
      await settledScreenshot(page, `recipient-form-submit-dialog-phone-${language}`, { fullPage: false });
      await submit.getByRole('button', { name: texts.common.cancel }).click();
      await submit.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: form.share.button, exact: true }).click();
      const share = page.getByRole('dialog', { name: form.share.title });
      await share.waitFor();
      await settledScreenshot(page, `recipient-form-share-dialog-phone-${language}`, { fullPage: false });
      await share.getByRole('button', { name: texts.common.cancel }).click();
      await settledScreenshot(page, `recipient-form-panel-phone-${language}`, { fullPage: false });
      expect(problems).toEqual([]);
      await journey.context.close();
    }
  });
});
