import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../apps/server/test/start-server-process.ts';
import { launchBrowser, openWatchedPage, type WatchedPage, type WatchOptions } from './browser.ts';

export interface BrowserJourney {
  /** The real service, started once for the file. */
  readonly server: ServerProcess;
  /** The context of the last `open()`; closed after each test. */
  readonly context: BrowserContext;
  /** A fresh context and page that records console errors, CSP violations and page errors. */
  open(
    options?: Parameters<Browser['newContext']>[0],
    watch?: WatchOptions,
  ): Promise<{ page: Page; problems: string[] }>;
}

/**
 * A journey file's lifecycle: one server and one Chromium for the file, a fresh watched page per test.
 * Call at the top level of the file; it registers the hooks.
 */
export function useBrowserJourney(options: { browserArgs?: readonly string[] } = {}): BrowserJourney {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  /** The pages the running test opened; their screens are checked by axe as they go (axe.ts). */
  let watched: WatchedPage[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started yet: use it inside a test`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServerProcess(), launchBrowser(options.browserArgs)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    // The screen the journey ended on is checked too; any WCAG A/AA violation on the way fails the journey.
    const pages = watched;
    watched = [];
    const last = pages.at(-1);
    if (last) await last.accessibility.checkIfNew(last.page);
    await context?.close();
    const violations = pages.flatMap((page) => page.accessibility.violations);
    if (process.env.AXE_TIMING) {
      const spent = pages.reduce((sum, page) => sum + page.accessibility.timeSpentMs, 0);
      const screens = pages.reduce((sum, page) => sum + page.accessibility.screensChecked, 0);
      const waiting = pages.reduce((sum, page) => sum + page.accessibility.waitingMs, 0);
      console.info(`axe checked ${screens} screen(s) in ${spent} ms, ${waiting} ms of it waiting for animations`);
    }
    if (violations.length > 0) {
      throw new Error(`axe found ${violations.length} WCAG A/AA violation(s):\n${violations.join('\n')}`);
    }
  });

  return {
    get server() {
      return started(server, 'The server');
    },
    get context() {
      return started(context, 'The browser context');
    },
    async open(options = {}, watch = {}) {
      await context?.close();
      const opened = await openWatchedPage(started(browser, 'The browser'), options, watch);
      watched.push(opened);
      context = opened.context;
      return { page: opened.page, problems: opened.problems };
    },
  };
}
