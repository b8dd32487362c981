import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../apps/server/test/start-server-process.ts';
import { launchBrowser, openWatchedPage } from './browser.ts';

export interface BrowserJourney {
  /** The real service, started once for the file. */
  readonly server: ServerProcess;
  /** The context of the last `open()`; closed after each test. */
  readonly context: BrowserContext;
  /** A fresh context and page that records console errors, CSP violations and page errors. */
  open(options?: Parameters<Browser['newContext']>[0]): Promise<{ page: Page; problems: string[] }>;
}

/**
 * A journey file's lifecycle: one server and one Chromium for the file, a fresh watched page per test.
 * Call at the top level of the file; it registers the hooks.
 */
export function useBrowserJourney(): BrowserJourney {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started yet: use it inside a test`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServerProcess(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  return {
    get server() {
      return started(server, 'The server');
    },
    get context() {
      return started(context, 'The browser context');
    },
    async open(options = {}) {
      await context?.close();
      const watched = await openWatchedPage(started(browser, 'The browser'), options);
      context = watched.context;
      return { page: watched.page, problems: watched.problems };
    },
  };
}
