import type { PointGroup } from 'signature_pad';

/** The part of signature_pad the dialog uses: a seam so component tests (jsdom cannot draw) can give a pad of their own. */
export interface InkPad {
  toData(): PointGroup[];
  fromData(groups: PointGroup[]): void;
  clear(): void;
  isEmpty(): boolean;
  /** Called after each stroke (signature_pad's endStroke). */
  onStrokeEnd(listener: () => void): void;
  off(): void;
}

export type CreateInkPad = (canvas: HTMLCanvasElement) => Promise<InkPad>;

/**
 * signature_pad on the canvas, loaded with the first ink dialog (its own chunk, not the recipient page's). The canvas
 * is sized to its CSS box times the pixel ratio, so strokes are sharp; toData() stays in CSS pixels.
 */
export const createSignaturePad: CreateInkPad = async (canvas) => {
  const { default: SignaturePad } = await import('signature_pad');
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = Math.round(canvas.offsetWidth * ratio);
  canvas.height = Math.round(canvas.offsetHeight * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  // A dark blue pen reads as ink on the page; minWidth/maxWidth are signature_pad's defaults, which the stamp mirrors.
  const pad = new SignaturePad(canvas, { penColor: '#0b2a6f', minWidth: 0.5, maxWidth: 2.5 });
  let listener: (() => void) | null = null;
  const onEnd = () => listener?.();
  pad.addEventListener('endStroke', onEnd);
  return {
    toData: () => pad.toData(),
    fromData: (groups) => pad.fromData(groups),
    clear: () => pad.clear(),
    isEmpty: () => pad.isEmpty(),
    onStrokeEnd: (next) => {
      listener = next;
    },
    off: () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
    },
  };
};
