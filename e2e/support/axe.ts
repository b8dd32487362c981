import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules a page of ours must pass (issue 22's bar). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's verdicts on the page as it is now, one line per rule and element, naming the page and the screen size. */
export async function findAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const where = `${page.url()} at ${page.viewportSize()?.width ?? '?'}px`;
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}) on ${where}: ${violation.help}; ${node.html.slice(0, 160)}; ${
          node.failureSummary?.replace(/\s+/g, ' ') ?? ''
        }`,
    ),
  );
}

/** For a journey that wants a page checked at a moment of its choosing, besides the automatic checks. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForStillPage(page);
  const violations = await findAxeViolations(page);
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violation(s):\n${violations.join('\n')}`);
}

/**
 * What makes a screen new to the checker: the app's address and the dialogs and menus open on it. Null off the app
 * (the OpenAPI page, simulators' pages: not ours to style) and while the page is between documents.
 */
async function screenKey(page: Page): Promise<string | null> {
  if (page.isClosed()) return null;
  try {
    const key = await page.evaluate(() => {
      if (window.location.pathname !== '/' || !document.getElementById('root')) return null;
      const layers = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')).map(
        (layer) => `${layer.getAttribute('role')}:${layer.textContent?.slice(0, 40) ?? ''}`,
      );
      return [window.location.href, window.innerWidth, ...layers].join('|');
    });
    return key;
  } catch {
    // The page navigated while asked: the next action looks again.
    return null;
  }
}

/** Fades and slides over (spinners aside, which never end): a dialog half faded in has half its contrast. */
async function waitForStillPage(page: Page): Promise<void> {
  // Two frames first: a dialog just mounted starts its fade only then, and until then it is invisible to axe, which
  // would take the page it hides for an aria-hidden page with focusable content.
  await page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => {
        // A dialog whose fade has not started yet (a busy machine) is still see-through, which no animation shows.
        const isOpaque = (element: Element | null): boolean =>
          !element || (getComputedStyle(element).opacity === '1' && isOpaque(element.parentElement));
        return (
          Array.from(document.querySelectorAll('[role="dialog"]')).every(isOpaque) &&
          document.getAnimations().every((animation) => {
            const iterations = animation.effect?.getTiming().iterations;
            return iterations === Number.POSITIVE_INFINITY || animation.playState !== 'running';
          })
        );
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * The automatic check of a watched page (browser.ts): every screen the journey reaches, each new address and each
 * new dialog or menu on it, is run through axe once, at the moment the journey acts on it or reads from it. That is
 * when the screen has drawn what the journey came for, so no journey has to say where to check.
 */
export class AxeWatch {
  readonly violations: string[] = [];
  /** What the checks cost the journey, for the journey's log. */
  timeSpentMs = 0;
  waitingMs = 0;
  screensChecked = 0;
  private readonly checked = new Set<string>();

  async checkIfNew(page: Page): Promise<void> {
    const key = await screenKey(page);
    if (!key || this.checked.has(key)) return;
    this.checked.add(key);
    const started = Date.now();
    await waitForStillPage(page);
    this.waitingMs += Date.now() - started;
    try {
      for (const violation of await findAxeViolations(page)) {
        if (!this.violations.includes(violation)) this.violations.push(violation);
      }
    } catch (error) {
      // A navigation during the analysis leaves nothing to report; the new screen is checked when it is acted on.
      if (!/context was destroyed|Target .*closed|navigat/i.test(String(error))) throw error;
    }
    this.timeSpentMs += Date.now() - started;
    this.screensChecked += 1;
  }
}

/** Locator calls after which the screen is as the journey expects it: it waited for or read something there. */
const afterCalls = new Set([
  'waitFor',
  'textContent',
  'innerText',
  'inputValue',
  'getAttribute',
  'isVisible',
  'isChecked',
  'isDisabled',
  'isEnabled',
  'allTextContents',
  'count',
]);

/** Calls that change the screen: it is checked before them, once their target is in the page. */
const actionCalls = new Set([
  'blur',
  'check',
  'clear',
  'click',
  'dblclick',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
]);

/** Page calls that leave the screen (or picture it): it is checked before them. */
const pageLeavingCalls = new Set(['goto', 'reload', 'goBack', 'goForward', 'close', 'screenshot', 'setViewportSize']);

/** Objects that find elements (Locator, FrameLocator; bundled, so known by shape, not class name). */
const isLocatorLike = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { getByRole?: unknown }).getByRole === 'function' &&
  typeof (value as { locator?: unknown }).locator === 'function';

/**
 * `page`, with every locator it hands out, watched by `watch`: before an action and after a wait or a read, a screen
 * not checked yet is checked. Playwright's own objects stay unwrapped underneath, so passing a watched locator back
 * into Playwright (`filter({ has })`, `or()`) works as before.
 */
export function watchPageAccessibility(page: Page, watch: AxeWatch): Page {
  const unwrapped = new WeakMap<object, object>();
  const unwrap = (value: unknown) => (typeof value === 'object' && value ? (unwrapped.get(value) ?? value) : value);

  const wrapResult = (value: unknown): unknown => {
    if (isLocatorLike(value)) return wrapLocator(value);
    if (Array.isArray(value) && value.some(isLocatorLike)) return value.map(wrapResult);
    return value;
  };

  /** A proxy calling `around` for each method call; `extra` answers some properties itself. */
  const wrapMethods = <T extends object>(
    target: T,
    around: (name: string, call: () => unknown, args: unknown[]) => unknown,
    extra: Record<string, unknown> = {},
  ): T => {
    const proxy = new Proxy(target, {
      get(object, property) {
        if (typeof property === 'string' && property in extra) return extra[property];
        const value = Reflect.get(object, property, object);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        return (...args: unknown[]) => around(property, () => value.apply(object, args.map(unwrap)), args);
      },
    });
    unwrapped.set(proxy, target);
    return proxy;
  };

  function wrapLocator(locator: object): object {
    return wrapMethods(locator, (name, call, callArgs) => {
      if (actionCalls.has(name) && 'waitFor' in locator) {
        return (async () => {
          const target = locator as { waitFor(options: { state: 'attached'; timeout?: number }): Promise<void> };
          // The action would wait for its element too, as long as its own timeout says; if the element never
          // comes, the action reports it, not the check.
          const options = callArgs.at(-1) as { timeout?: number } | undefined;
          const isThere = await target.waitFor({ state: 'attached', timeout: options?.timeout }).then(
            () => true,
            () => false,
          );
          if (isThere) await watch.checkIfNew(page);
          return call();
        })();
      }
      const result = call();
      if (afterCalls.has(name) && result instanceof Promise) {
        return result.then(async (value) => {
          await watch.checkIfNew(page);
          return value;
        });
      }
      return wrapResult(result);
    });
  }

  const beforeInput = <T extends object>(device: T) =>
    wrapMethods(device, (_name, call) => watch.checkIfNew(page).then(call));

  return wrapMethods(
    page,
    (name, call) => (pageLeavingCalls.has(name) ? watch.checkIfNew(page).then(call) : wrapResult(call())),
    { keyboard: beforeInput(page.keyboard), mouse: beforeInput(page.mouse) },
  );
}
