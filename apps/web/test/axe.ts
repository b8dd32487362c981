import axe from 'axe-core';
import { expect } from 'vitest';

/** WCAG 2.0 to 2.2, A and AA: what e2e/support/axe.ts checks in the browser. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's verdict on what is rendered now, in jsdom. Left to the browser journeys, as jsdom draws nothing: contrast and
 * target size, which need layout, and label-in-name, whose icon-font check needs a canvas
 * (src/i18n/label-in-name.test.ts checks our texts for it).
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  // Without a canvas axe skips its icon-font measuring instead of warning about jsdom's missing one.
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof getContext;
  const { violations } = await axe
    .run(root, {
      runOnly: { type: 'tag', values: wcagTags },
      rules: {
        'color-contrast': { enabled: false },
        'target-size': { enabled: false },
        'label-content-name-mismatch': { enabled: false },
      },
    })
    .finally(() => {
      HTMLCanvasElement.prototype.getContext = getContext;
    });
  expect(
    violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 160)}`)),
  ).toEqual([]);
}

/** A phone's width (MUI's breakpoints read matchMedia; the viewer reads innerWidth), or back to the desktop's. */
export function setViewport(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
