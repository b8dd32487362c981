import {
  lineTo,
  moveTo,
  type PDFFont,
  type PDFPage,
  rgb,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from '@cantoo/pdf-lib';
import { formatMinutes, formatPersonalNumber } from './format-time.ts';
import { canWriteByHand } from './handwriting-font.ts';
import { inkOperators } from './ink-paths.ts';
import { lineHeightFactor, sizeToFitLines } from './pdf-text.ts';
import type { SignedSlot, StampTexts } from './seal-input.ts';
import { drawHandwrittenName } from './typed-signature-stamp.ts';
import { drawTextLines, type StampFonts } from './value-stamps.ts';

export interface SignatureContext {
  fonts: StampFonts;
  texts: StampTexts;
  timeZone?: string;
  /** The handwriting font, embedded when some slot was signed with a typed signature. */
  handwriting?: PDFFont;
}

type Size = { width: number; height: number };

const methodBlue = rgb(0.05, 0.24, 0.55);

/**
 * One signed slot drawn into one of its signature fields, in the field's frame (see `drawInField`): a BankID
 * signature as a block of text saying who signed, how and when; an ink signature as the pad's strokes with a
 * caption naming the signer; a typed signature the same way, the name in the handwriting font in place of the
 * strokes (or, when that font lacks a letter of it, as a block); an ink method without either as the same kind of
 * block as BankID's. An ID with live check has no ink either: a block too.
 */
export function drawSignature(page: PDFPage, size: Size, slot: SignedSlot, context: SignatureContext): void {
  const name = slot.clarifiedName?.trim() || slot.signerName;
  const time = formatMinutes(slot.signedAt, context.timeZone);
  if (slot.method === 'bankid') {
    const lines = [context.texts.signedWithBankId, name];
    if (slot.personalNumber) {
      lines.push(`${context.texts.personalNumber}: ${formatPersonalNumber(slot.personalNumber)}`);
    }
    drawSignatureBlock(page, size, [...lines, time], context);
  } else if (slot.method === 'id-live') {
    // Type 6 signs with the live check alone: no ink to draw, so the slot says how, as BankID's does.
    drawSignatureBlock(page, size, [context.texts.signedWithIdLive, name, time], context);
  } else if (hasStrokes(slot) || (slot.typed && context.handwriting && canWriteByHand(slot.typed.text))) {
    drawInk(page, size, slot, `${name} · ${time}`, context);
  } else {
    drawSignatureBlock(page, size, [context.texts.signedElectronically, name, time], context);
  }
}

const hasStrokes = (slot: SignedSlot) => slot.ink?.strokes.some((entry) => entry.points.length > 0) ?? false;

function drawInk(page: PDFPage, size: Size, slot: SignedSlot, caption: string, context: SignatureContext): void {
  const padding = Math.min(2, size.width * 0.03, size.height * 0.05);
  const font = context.fonts.regular;
  const captionSize = sizeToFitLines(
    [{ text: caption, font }],
    { width: size.width - 2 * padding, height: size.height * 0.2 },
    { maxSize: 7.5, minSize: 3.5 },
  );
  const captionHeight = captionSize * lineHeightFactor;
  const lineY = padding + captionHeight;
  // Ink above a thin signature line, the caption under it.
  page.pushOperators(
    setStrokingRgbColor(0.6, 0.6, 0.65),
    setLineWidth(0.4),
    moveTo(padding, lineY),
    lineTo(size.width - padding, lineY),
    stroke(),
  );
  const box = {
    x: padding,
    y: lineY + padding,
    width: size.width - 2 * padding,
    height: size.height - lineY - 2 * padding,
  };
  if (slot.ink) page.pushOperators(...inkOperators(slot.ink, box));
  else if (slot.typed && context.handwriting) drawHandwrittenName(page, box, slot.typed.text, context.handwriting);
  drawTextLines(page, [caption], {
    font,
    size: captionSize,
    lineHeight: captionHeight,
    x: padding,
    top: lineY - captionSize * 0.25,
  });
}

/** Lines of a signature block, the first two (method and name) bold, behind a thin bar in the method's colour. */
function drawSignatureBlock(page: PDFPage, size: Size, texts: string[], context: SignatureContext): void {
  const { regular, bold } = context.fonts;
  const padding = Math.min(3, size.width * 0.04, size.height * 0.06);
  const barWidth = Math.min(1.5, size.width * 0.02);
  const textX = padding + barWidth + padding;
  const lines = texts.map((text, index) => ({ text, font: index < 2 ? bold : regular }));
  const fontSize = sizeToFitLines(
    lines,
    { width: size.width - textX - padding, height: size.height - 2 * padding },
    { maxSize: 9, minSize: 3.5 },
  );
  const lineHeight = fontSize * lineHeightFactor;
  const blockHeight = lines.length * lineHeight;
  const top = Math.min(size.height - padding, (size.height + blockHeight) / 2) - (lineHeight - fontSize * 0.72) / 2;
  page.pushOperators(
    setStrokingRgbColor(methodBlue.red, methodBlue.green, methodBlue.blue),
    setLineWidth(barWidth),
    moveTo(padding + barWidth / 2, Math.max(padding, top - blockHeight + lineHeight * 0.1)),
    lineTo(padding + barWidth / 2, Math.min(size.height - padding, top + lineHeight * 0.1)),
    stroke(),
  );
  lines.forEach((line, index) => {
    drawTextLines(page, [line.text], {
      font: line.font,
      size: fontSize,
      lineHeight,
      x: textX,
      top: top - index * lineHeight,
      ...(index === 0 ? { color: methodBlue } : {}),
    });
  });
}
