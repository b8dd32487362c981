import { afterEach, describe, expect, it } from 'vitest';
import { focusMainHeadingWhenShown, mainContentId } from './focus-main-heading.ts';

function addMain(): HTMLElement {
  const main = document.createElement('main');
  main.id = mainContentId;
  document.body.append(main);
  return main;
}

function addHeading(parent: HTMLElement, text: string): HTMLHeadingElement {
  const heading = document.createElement('h1');
  heading.textContent = text;
  parent.append(heading);
  return heading;
}

/** MutationObserver callbacks run as microtasks: one turn lets them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusMainHeadingWhenShown (WCAG 2.4.3)', () => {
  it('focuses the main heading at once when it is there, without making it a tab stop', () => {
    const heading = addHeading(addMain(), 'Sent documents');
    focusMainHeadingWhenShown(document);
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading drawn later, and for an open dialog to close', async () => {
    const main = addMain();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    const stop = focusMainHeadingWhenShown(document);
    const heading = addHeading(main, 'Dashboard');
    await settle();
    expect(document.activeElement).not.toBe(heading);
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(heading);
    stop();
  });

  it('leaves the focus where the person has put it meanwhile', async () => {
    const main = addMain();
    const stop = focusMainHeadingWhenShown(document);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    addHeading(main, 'Verify document');
    await settle();
    expect(document.activeElement).toBe(field);
    stop();
  });
});
