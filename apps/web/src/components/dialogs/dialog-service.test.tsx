import { uiSizes } from '@signlink/contracts/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openInAct, renderWithApp } from '../../../test/render-app.tsx';

function setUp() {
  const { services } = renderWithApp(null);
  return services.dialogs;
}

describe('dialog service', () => {
  it('confirm resolves true on yes and false on no', async () => {
    const dialogs = setUp();
    const yes = openInAct(() => dialogs.confirm({ title: 'Delete?', message: 'It cannot be undone.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await expect(yes).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    const no = openInAct(() => dialogs.confirm({ title: 'Delete?', message: 'It cannot be undone.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await expect(no).resolves.toBe(false);
  });

  it('opens dialogs above everything, at least 240 px high', async () => {
    const dialogs = setUp();
    void openInAct(() => dialogs.confirm({ title: 'Sure?', message: '' }));
    const dialog = await screen.findByRole('dialog');
    expect(getComputedStyle(dialog).minHeight).toBe(`${uiSizes.dialogMinHeight}px`);
    const modalRoot = dialog.closest('.MuiDialog-root') as HTMLElement;
    expect(getComputedStyle(modalRoot).zIndex).toBe(String(uiSizes.dialogZIndex));
  });

  it('info dialog renders sanitised HTML and closes with OK or the close button', async () => {
    const dialogs = setUp();
    const html =
      '<p>Read <a href="https://example.com/terms">the terms</a></p><img src=x onerror="alert(1)"><script>alert(2)</script>';
    const closed = openInAct(() => dialogs.info({ title: 'Terms', html }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    const link = screen.getByRole('link', { name: 'the terms' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.querySelector('script')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();

    const again = openInAct(() => dialogs.info({ title: 'Terms', html: 'x' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(again).resolves.toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('info dialog links bracketed markup in plain text and reads nothing in it as HTML', async () => {
    const dialogs = setUp();
    const text = 'See [the terms](https://example.com/terms) <b>now</b> [x](javascript:alert(1))';
    const closed = openInAct(() => dialogs.info({ title: 'Terms', text }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    const link = screen.getByRole('link', { name: 'the terms' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['https://example.com/terms', '_blank']);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(dialog.querySelector('b')).toBeNull();
    expect(dialog.textContent).toContain('<b>now</b> [x](javascript:alert(1))');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();
  });

  it('persistent dialog has no buttons and closes only from code', async () => {
    const dialogs = setUp();
    let close = () => {};
    act(() => {
      close = dialogs.persistent({ title: 'Switching account', message: 'One moment…', busy: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Switching account' });
    expect(dialog.querySelectorAll('button')).toHaveLength(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => close());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
