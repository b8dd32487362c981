import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-app.tsx';
import type { SignatureSubmission } from './ink-data.ts';
import type { InkPad } from './ink-pad.ts';
import { InkSignDialog } from './ink-sign-dialog.tsx';

/** jsdom cannot draw: a pad that stays empty, as it does for someone who signs without a pointer. */
const emptyPad = async (): Promise<InkPad> => ({
  toData: () => [],
  fromData: () => undefined,
  clear: () => undefined,
  isEmpty: () => true,
  onStrokeEnd: () => undefined,
  off: () => undefined,
});

function renderDialog(askClarifiedName = false) {
  const onSubmit = vi.fn(async (_signature: SignatureSubmission, _name?: string) => undefined);
  const rendered = renderWithApp(
    <InkSignDialog
      slotLabel="Tenant"
      askClarifiedName={askClarifiedName}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      createPad={emptyPad}
    />,
  );
  return { onSubmit, ...rendered };
}

const signButton = () => screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement;

describe('a typed signature in the signing dialog', () => {
  it('signs with the keyboard alone: Tab to the tabs, arrow to Type, type the name, Tab to Sign, Enter', async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByRole('dialog', { name: 'Sign: Tenant' });
    // Drawing is offered first, as before; the tabs come right after the dialog's close button.
    expect(screen.getByRole('tab', { name: 'Draw' }).getAttribute('aria-selected')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Draw' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Type' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Type' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Type' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Type your name/ }));
    expect(signButton().disabled).toBe(true);
    await user.keyboard('  Anna Andersson ');
    expect(screen.getByTestId('typed-signature-preview').textContent).toBe('Anna Andersson');
    expect(signButton().disabled).toBe(false);
    // Past Cancel to Sign.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(signButton());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ TypedSignature: 'Anna Andersson' }, undefined]);
  }, 30_000);

  it('previews the name in the handwriting font the seal stamps it in', async () => {
    renderDialog();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('tab', { name: 'Type' }));
    await user.type(screen.getByRole('textbox', { name: /Type your name/ }), 'Łukasz');
    const preview = screen.getByTestId('typed-signature-preview');
    expect(getComputedStyle(preview).fontFamily).toContain('Caveat');
    expect(preview.getAttribute('aria-hidden')).toBe('true');
  });

  it('refuses a name with hidden direction marks, says why, and keeps Sign off', async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('tab', { name: 'Type' }));
    const field = screen.getByRole('textbox', { name: /Type your name/ });
    await user.click(field);
    await user.paste('\u202EAnna');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use letters, spaces and punctuation only.')).toBeTruthy();
    expect(signButton().disabled).toBe(true);
    await user.click(signButton());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('still asks for the name in print when the document allows name clarification', async () => {
    const { onSubmit } = renderDialog(true);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('tab', { name: 'Type' }));
    await user.type(screen.getByRole('textbox', { name: /Type your name/ }), 'Anna');
    expect(signButton().disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Your name in print/ }), 'Anna B');
    await user.click(signButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ TypedSignature: 'Anna' }, 'Anna B']);
  }, 30_000);

  it('names its tabs and field in Swedish and Spanish', async () => {
    const { services } = renderDialog();
    await screen.findByRole('dialog');
    await act(() => services.i18n.changeLanguage('sv'));
    expect(screen.getByRole('tablist', { name: 'Så signerar du' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Skriv' })).toBeTruthy();
    await act(() => services.i18n.changeLanguage('es'));
    expect(screen.getByRole('tab', { name: 'Escribir' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Escriba su nombre/, hidden: true })).toBeTruthy();
  });
});
