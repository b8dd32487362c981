import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demo, en } from './app-steps.ts';
import { screenshot, settledScreenshot } from './browser.ts';

const fixture = path.resolve(import.meta.dirname, '../../../shared/fixtures/pdfs/pdflatex-4-pages.pdf');
const clientAuthorization = `Basic ${Buffer.from('signlink-web:').toString('base64')}`;
const texts = en.recipientDocument;

/** The demo sender's document, sent to one party who signs with ink: a required text field, a checkbox, a signature. */
export async function seedInkLink(origin: string, name: string): Promise<string> {
  const call = async <T>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
    type = 'application/json',
  ) => {
    const response = await fetch(`${origin}/v2/${url}`, {
      method,
      headers: { Authorization: token ? `Bearer ${token}` : clientAuthorization, 'Content-Type': type },
      body:
        body === undefined
          ? undefined
          : type === 'application/json'
            ? JSON.stringify(body)
            : new Uint8Array(body as Buffer),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', 'oauth/generatetoken', null, demo);
  const project = await call<{ Id: string; Files: { Id: string }[] }>(
    'POST',
    `linktinker/files?name=${encodeURIComponent(`${name}.pdf`)}`,
    accessToken,
    fs.readFileSync(fixture),
    'application/pdf',
  );
  await call('PUT', `linktinker/projects/${project.Id}`, accessToken, {
    Title: name,
    AccessLevel: 'private',
    Settings: {},
    Message: '',
    Parties: [
      {
        SignatureIndex: 0,
        Name: 'Anna Andersson',
        Email: `anna.${Date.now().toString(36)}@example.com`,
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
    ],
  });
  const fileId = project.Files[0]?.Id;
  const at = (id: string, type: string, y: number, extra: object) => ({
    id,
    type,
    signatureIndex: 0,
    page: 1,
    x: 72,
    y,
    width: 200,
    height: 22,
    required: true,
    ...extra,
  });
  await call('POST', `linktinker/files/${fileId}/rules`, accessToken, {
    Fields: [
      at('name', 'text', 420, { label: 'Full name' }),
      at('agree', 'checkbox', 460, { width: 16, height: 16, required: false, label: 'I have read the terms' }),
      at('sig', 'signature', 500, { height: 50 }),
    ],
  });
  const sent = await call<{ Links: { Code: string }[] }>('POST', 'linktinker/links', accessToken, {
    ProjectId: project.Id,
  });
  const code = sent.Links[0]?.Code;
  if (!code) throw new Error('no link');
  return code;
}

/** signature_pad gets a real stroke: the pointer drags a short zigzag across the pad. */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: texts.ink.padLabel });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 18, box.y + box.height * (step % 2 ? 0.35 : 0.65), { steps: 3 });
  }
  await page.mouse.up();
}

/** Opens the link, fills through the guided flow, signs with ink and waits for the sealed document. */
export async function signWithInk(page: Page, origin: string, code: string, label: string) {
  const started = Date.now();
  await page.goto(`${origin}/${code}`);
  const name = page.getByRole('textbox', { name: 'Full name' });
  await name.waitFor();
  await page.locator('canvas[data-rendered]').first().waitFor();
  const firstPageMs = Date.now() - started;
  await screenshot(page, `recipient-document-${label}`);
  await page.getByRole('button', { name: texts.guide.nextField }).click();
  if (!(await name.evaluate((element) => element === document.activeElement)))
    throw new Error('Next field did not focus the first required field');
  await page.keyboard.type('Anna Andersson');
  await page.getByRole('checkbox', { name: 'I have read the terms' }).check();
  await page.getByRole('button', { name: texts.guide.nextSignature }).click();
  await page.getByRole('button', { name: /^Sign here/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Sign:/ });
  await dialog.waitFor();
  await drawSignature(page);
  await dialog.locator('button:not([disabled])', { hasText: texts.ink.undo }).waitFor();
  await settledScreenshot(page, `recipient-ink-dialog-${label}`);
  await dialog.getByRole('button', { name: texts.ink.sign, exact: true }).click();
  await page.getByText(texts.completion.completedTitle).waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: texts.completion.download }).waitFor();
  await screenshot(page, `recipient-completed-${label}`);
  return { firstPageMs };
}
