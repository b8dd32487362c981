import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser; the flags keep it off the closed network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium (CI does it in .ci/run)`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const phoneViewport = { width: 390, height: 844 };

const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

/** Screenshots land in e2e/artifacts (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
