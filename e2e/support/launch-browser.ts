import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// No page code here (no DOM types): bench/recipient-browser.ts starts the same browser.

/** Debian's Chromium, never a downloaded browser; the flags keep it off the closed network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: e.g. a fake camera (`--use-fake-device-for-media-stream`) for the ID-scan journey. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

export const phoneViewport = { width: 390, height: 844 };
