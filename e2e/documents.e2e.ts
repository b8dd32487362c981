import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, en, enErrors, fill, logInAsDemo, openInLanguage } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import { addPartyWithSignature, invitationLinkCode } from './support/other-browsers.ts';

const journey = useBrowserJourney();
const fixture = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/pdfs', name);

/**
 * A second party with a mistyped address and no field yet: the field says so once left, and the review lists both
 * problems before Send, which stays disabled, pricing only the party sending can reach (the first, one e-signature).
 */
async function reviewMistypedParty(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: en.editor.parties.add }).click();
  const unnamed = page.getByRole('region', { name: fill(en.editor.parties.unnamed, { number: '2' }) });
  await unnamed.getByRole('combobox', { name: en.editor.parties.name }).fill(name);
  const party = page.getByRole('region', { name });
  const address = party.getByRole('combobox', { name: en.editor.parties.email });
  await address.fill(email);
  await address.blur();
  await party.getByText(en.editor.partyErrors.email['invalid-email']).waitFor();
  expect(await address.getAttribute('aria-invalid')).toBe('true');

  await page.getByRole('button', { name: en.editor.toolbar.send }).click();
  const review = page.getByRole('dialog', { name: en.editor.send.title });
  const problems = review.getByRole('list', { name: en.editor.send.problems });
  await problems.waitFor();
  expect(await problems.getByRole('listitem').allTextContents()).toEqual([
    fill(en.editor.problems['invalid-email'], { party: name }),
    fill(en.editor.problems['party-without-signature-field'], { party: name }),
  ]);
  expect(await review.getByRole('button', { name: en.editor.send.send, exact: true }).isDisabled()).toBe(true);
  const table = review.getByRole('table', { name: en.editor.send.costTable });
  // The demo company's MEDIUM plan covers the one reachable party's signature before the balance.
  expect(await table.getByRole('row').first().textContent()).toContain(`${en.editor.send.lines['plan-signature']} × 1`);
  await screenshot(page, 'editor-review-problems-desktop-en');
  await review.getByRole('button', { name: en.editor.send.backToEditor }).click();
  await review.waitFor({ state: 'hidden' });
  await party.getByText(fill(en.editor.problems['invalid-email'], { party: name })).waitFor();
}

describe('a sender’s document in a real browser (issue 6)', () => {
  it('uploads a PDF, places a signature for two parties (fixing a mistyped address the review lists), sends, follows it in Sent, withdraws, and the link is refused', {
    timeout: 180_000,
  }, async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    const run = Date.now().toString(36);
    const anna = `anna.${run}@example.com`;
    const bertil = `bertil.${run}@example.com`;
    await logInAsDemo(page, en, journey.server.url);

    await page.goto(`${journey.server.url}/#/create`);
    await page.locator('input[type="file"]').setInputFiles(fixture('pdflatex-4-pages.pdf'));
    await page.waitForURL(/#\/create\/[^/]+$/);
    await page.getByRole('group', { name: fill(en.editor.pages.page, { page: '1' }) }).waitFor();
    const title = `Lease ${run}`;
    await page.getByRole('textbox', { name: en.editor.toolbar.title }).fill(title);
    await addPartyWithSignature(page, 1, 'Anna Andersson', anna);
    await reviewMistypedParty(page, 'Bertil Berg', 'bertil@invalid');
    await page
      .getByRole('region', { name: 'Bertil Berg' })
      .getByRole('combobox', { name: en.editor.parties.email })
      .fill(bertil);
    await page.getByRole('button', { name: en.editor.fieldTypes.signature, exact: true }).click();
    await page
      .getByRole('button', {
        name: fill(en.editor.field.label, { type: en.editor.fieldTypes.signature, party: 'Bertil Berg', page: '1' }),
      })
      .waitFor();
    await screenshot(page, 'editor-two-parties-desktop-en');

    // The sender decides that submitted forms wait for approval; autosave keeps it.
    await page.getByRole('button', { name: en.editor.toolbar.settings }).click();
    const settings = page.getByRole('dialog', { name: en.editor.settings.title });
    await settings.getByRole('checkbox', { name: en.editor.settings.flags.requireFormApproval }).check();
    await screenshot(page, 'editor-settings-desktop-en');
    await settings.getByRole('button', { name: en.editor.settings.done }).click();
    await settings.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: en.editor.toolbar.send }).click();
    const review = page.getByRole('dialog', { name: en.editor.send.title });
    await review.getByRole('table', { name: en.editor.send.costTable }).waitFor();
    await screenshot(page, 'editor-review-and-send-desktop-en');
    // A window narrowed for a moment (as Chromium's full-page capture does, to 1×1) keeps the editor and its dialog.
    await page.setViewportSize({ width: 400, height: 700 });
    await page.setViewportSize(desktop.viewport);
    await review.getByRole('table', { name: en.editor.send.costTable }).waitFor();
    await review.getByRole('button', { name: en.editor.send.send, exact: true }).click();
    await page.waitForURL(/#\/document\/[^/]+$/);
    // The sent document holds the sender's choice.
    const approval = page.locator('dt', { hasText: en.overview.settings.requireFormApproval }).locator('+ dd');
    expect(await approval.textContent()).toBe(en.common.yes);

    // Both invitations reached the developer mailbox.
    await page.goto(`${journey.server.url}/#/dev/mailbox`);
    await page.getByText(anna).first().waitFor();
    await page.getByText(bertil).first().waitFor();
    const annasCode = await invitationLinkCode(journey.server.url, anna);

    await page.goto(`${journey.server.url}/#/sent`);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByText(en.status['awaiting-signatures']).waitFor();
    await screenshot(page, 'sent-awaiting-signatures-desktop-en');

    await row.getByRole('button', { name: fill(en.documents.actions.menuFor, { name: title }) }).click();
    await page.getByRole('menuitem', { name: en.documents.actions.withdraw }).click();
    const confirm = page.getByRole('dialog', { name: en.documents.confirm.withdrawTitle });
    await confirm.getByRole('button', { name: en.documents.actions.withdraw }).click();
    await page.getByRole('listitem').filter({ hasText: title }).getByText(en.status.withdrawn).waitFor();

    await page.goto(`${journey.server.url}/${annasCode}`);
    await page.getByRole('dialog', { name: en.recipient.recalledTitle }).waitFor();
    expect(await page.getByText(enErrors.linkRecalled).isVisible()).toBe(true);
    await screenshot(page, 'recipient-link-recalled-desktop-en');
    // The recalled link's 410 is the page's answer, not a fault of the page.
    expect(problems.filter((problem) => !problem.includes('410'))).toEqual([]);
  });
});
