import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PointGroup } from 'signature_pad';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-app.tsx';
import type { SignatureSubmission } from './ink-data.ts';
import type { InkPad } from './ink-pad.ts';
import { InkSignDialog } from './ink-sign-dialog.tsx';

/**
 * jsdom has no 2D canvas, so signature_pad cannot draw here (the browser journey draws for real): this pad records
 * strokes handed to it, as signature_pad's toData() would hold them after drawing.
 */
function fakePad() {
  let groups: PointGroup[] = [];
  let onEnd: () => void = () => undefined;
  const pad: InkPad = {
    toData: () => groups,
    fromData: (next) => {
      groups = next;
    },
    clear: () => {
      groups = [];
    },
    isEmpty: () => groups.length === 0,
    onStrokeEnd: (listener) => {
      onEnd = listener;
    },
    off: () => undefined,
  };
  const draw = (x: number) => {
    groups = [
      ...groups,
      {
        penColor: '#000',
        dotSize: 0,
        minWidth: 0.5,
        maxWidth: 2.5,
        velocityFilterWeight: 0.7,
        compositeOperation: 'source-over',
        points: [
          { x, y: 10, pressure: 0.5, time: 1 },
          { x: x + 20, y: 30, pressure: 0.5, time: 2 },
        ],
      },
    ];
    onEnd();
  };
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  return {
    createPad: async () => {
      markReady();
      return pad;
    },
    /** Waits until the dialog has made its pad, then draws one stroke as a finger would. */
    draw: async (x: number) => {
      await act(async () => {
        await ready;
      });
      act(() => draw(x));
    },
    strokes: () => groups.length,
  };
}

function renderDialog(options: {
  askClarifiedName?: boolean;
  onSubmit?: (signature: SignatureSubmission, name?: string) => Promise<void>;
}) {
  const pad = fakePad();
  const onSubmit = vi.fn(options.onSubmit ?? (async () => undefined));
  const onCancel = vi.fn();
  renderWithApp(
    <InkSignDialog
      slotLabel="Tenant"
      askClarifiedName={options.askClarifiedName ?? false}
      onSubmit={onSubmit}
      onCancel={onCancel}
      createPad={pad.createPad}
    />,
  );
  return { pad, onSubmit, onCancel };
}

const signButton = () => screen.getByRole('button', { name: 'Sign' });

describe('the ink signing dialog', () => {
  it('signs only once something is drawn, and sends the strokes with the pad’s size', async () => {
    const { pad, onSubmit } = renderDialog({});
    expect(await screen.findByRole('dialog', { name: 'Sign: Tenant' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signature pad' })).toBeTruthy();
    expect((signButton() as HTMLButtonElement).disabled).toBe(true);
    await pad.draw(5);
    expect((signButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(signButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [ink, name] = onSubmit.mock.calls[0] ?? [];
    if (!ink || !('InkSignatureJsonData' in ink)) throw new Error('a drawing');
    expect(JSON.parse(ink.InkSignatureJsonData)).toHaveLength(1);
    expect(ink.CanvasWidth).toBeGreaterThan(0);
    expect(name).toBeUndefined();
  });

  it('undoes the last stroke and clears the pad, and Sign goes off with the last stroke', async () => {
    const { pad } = renderDialog({});
    await screen.findByRole('dialog');
    await pad.draw(5);
    expect((signButton() as HTMLButtonElement).disabled).toBe(false);
    await pad.draw(50);
    expect(pad.strokes()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(pad.strokes()).toBe(1);
    expect((signButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pad.strokes()).toBe(0);
    expect((signButton() as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the name in print when the document allows name clarification, and sends it trimmed', async () => {
    const { pad, onSubmit } = renderDialog({ askClarifiedName: true });
    await screen.findByRole('dialog');
    await pad.draw(5);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false);
    expect((signButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Your name in print/ }), {
      target: { value: '  Anna Berg ' },
    });
    fireEvent.click(signButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toBe('Anna Berg');
  });

  it('shows that it is signing, and lets the person try again after a failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { pad, onSubmit } = renderDialog({
      onSubmit: () =>
        new Promise<void>((_resolve, reject) => {
          fail = reject;
        }),
    });
    await screen.findByRole('dialog');
    await pad.draw(5);
    expect((signButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(signButton());
    const signing = await screen.findByRole('button', { name: 'Signing…' });
    expect((signing as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fail(new Error('refused'));
    await waitFor(() => expect((signButton() as HTMLButtonElement).disabled).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
