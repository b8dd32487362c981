import { PDFArray, PDFDocument, type PDFObject, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { loadUntrusted } from '../inspect-pdf.ts';
import { AuditPageFlow, gray } from './audit-layout.ts';
import { formatUtcSeconds } from './format-time.ts';
import { saveWithNewPages } from './incremental-update.ts';
import { deflateNatively, reuseDeflated } from './native-deflate.ts';
import { lineHeightFactor, textWidth, toPlainText, wrapText } from './pdf-text.ts';
import { qrCodeOperators } from './qr-code.ts';
import type { AuditEvent, AuditParty, AuditTrailRequest } from './seal-input.ts';
import { showText } from './text-operators.ts';
import { addUnicodeFallbacks } from './unicode-font.ts';

const labelWidth = 118;
const qrSize = 86;
const accent = rgb(0.05, 0.24, 0.55);

/**
 * Issue 7, part 2: the audit trail as the last pages of the stamped document, in the document's language
 * (the texts come translated). Bytes in, bytes out; the pages before it are not touched.
 */
export async function appendAuditTrail(pdf: Uint8Array, request: AuditTrailRequest): Promise<Uint8Array> {
  const doc = await loadUntrusted(pdf);
  await renderAuditTrail(doc, request);
  return doc.save({ updateFieldAppearances: false, addDefaultPage: false });
}

/**
 * The audit trail drawn onto `doc`, whose last save wrote `saved`, as an incremental update after those bytes:
 * sealing's way, which spares loading the stamped document again and writing all of it a second time.
 */
export async function appendAuditTrailTo(
  doc: PDFDocument,
  saved: Uint8Array,
  request: AuditTrailRequest,
): Promise<Uint8Array> {
  return saveWithNewPages(doc, saved, () => renderAuditTrail(doc, request));
}

/** The audit trail alone, as the owner downloads it (issue 7, part 7). */
export async function renderAuditTrailOnly(request: AuditTrailRequest): Promise<Uint8Array> {
  const doc = await auditTrailDocument(request);
  await renderAuditTrail(doc, request);
  return saveAuditTrailOnly(doc);
}

/**
 * `renderAuditTrailOnly` for sealing: the pages `appendAuditTrailTo` drew into `doc`, from `firstPage` (0-based)
 * on, copied rather than drawn a second time, which costs several times more.
 */
export async function copyAuditTrailOnly(
  doc: PDFDocument,
  firstPage: number,
  request: AuditTrailRequest,
): Promise<PDFDocument> {
  const alone = await auditTrailDocument(request);
  const indices = Array.from({ length: doc.getPageCount() - firstPage }, (_, index) => firstPage + index);
  const copies = await alone.copyPages(doc, indices);
  copies.forEach((copy, index) => {
    alone.addPage(copy);
    // The copied content streams are compressed already: appendAuditTrailTo compressed their originals.
    const originals = contentStreamsOf(doc.getPage(firstPage + index));
    contentStreamsOf(copy).forEach((stream, at) => {
      reuseDeflated(originals[at], stream);
    });
  });
  return alone;
}

function contentStreamsOf(page: PDFPage): (PDFObject | undefined)[] {
  const contents = page.node.Contents();
  if (!(contents instanceof PDFArray)) return [contents];
  return contents.asArray().map((item) => page.doc.context.lookup(item));
}

async function auditTrailDocument(request: AuditTrailRequest): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(toPlainText(`${request.texts.title}: ${request.documentName}`));
  return doc;
}

export async function saveAuditTrailOnly(doc: PDFDocument): Promise<Uint8Array> {
  await doc.flush();
  deflateNatively(doc.context);
  // Never yielding to the event loop (a setTimeout every 50 objects by default): this runs in a worker thread.
  // A few pages' objects: a classic cross-reference table spares compressing them into object streams.
  return doc.save({ addDefaultPage: false, objectsPerTick: Number.POSITIVE_INFINITY, useObjectStreams: false });
}

async function renderAuditTrail(doc: PDFDocument, request: AuditTrailRequest): Promise<void> {
  const { texts } = request;
  const flow = new AuditPageFlow(doc, `${texts.title} · ${request.documentName}`);
  await addUnicodeFallbacks(doc, flow.fonts, request);
  const { bold, mono } = flow.fonts;

  flow.text(texts.title, { font: bold, size: 18, color: accent, after: 10 });
  flow.row(texts.documentName, request.documentName, { labelWidth });
  flow.row(texts.documentId, request.documentId, { labelWidth, valueFont: mono });
  flow.row(texts.originalSha256, request.originalSha256, { labelWidth, valueFont: mono, size: 8.5 });
  flow.row(texts.finalSha256, request.finalSha256, { labelWidth, valueFont: mono, size: 8.5 });
  if (request.verification) drawVerification(flow, texts.verifyAt, request.verification.url);

  heading(flow, texts.parties);
  for (const party of request.parties) drawParty(flow, party, texts);

  if (request.attachments?.items.length) drawAttachments(flow, request.attachments);

  heading(flow, texts.history);
  for (const event of request.events) drawEvent(flow, event, texts.hashChain);

  flow.gap(8);
  flow.text(texts.footnote, { size: 7.5, color: gray });
  flow.drawFooters(texts.pageOf, `${request.documentName} · ${request.documentId}`);
}

function heading(flow: AuditPageFlow, text: string): void {
  flow.gap(12);
  flow.ensure(60); // a heading never ends a page alone
  flow.text(text, { font: flow.fonts.bold, size: 12.5, color: accent, after: 5 });
}

function drawVerification(flow: AuditPageFlow, verifyAt: string, url: string): void {
  const { bold, mono } = flow.fonts;
  flow.gap(8);
  flow.block(qrSize, (page: PDFPage, left: number, top: number) => {
    // The code's own quiet zone is the white space at its left, so it starts a little outside the margin.
    page.pushOperators(...qrCodeOperators(url, left - 4, top - qrSize, qrSize));
    const textX = left + qrSize + 6;
    const width = flow.contentWidth - qrSize - 6;
    let y = top - 22;
    for (const line of wrapText(verifyAt, bold, 10, width).slice(0, 2)) {
      showText(page, line, { font: bold, size: 10, x: textX, y, color: accent });
      y -= 10 * lineHeightFactor;
    }
    for (const line of wrapText(url, mono, 8.5, width).slice(0, 4)) {
      showText(page, line, { font: mono, size: 8.5, x: textX, y: y - 3 });
      y -= 8.5 * lineHeightFactor;
    }
  });
}

function drawParty(flow: AuditPageFlow, party: AuditParty, texts: AuditTrailRequest['texts']): void {
  flow.gap(6);
  flow.ensure(50);
  flow.text(party.name, { font: flow.fonts.bold, size: 10.5, after: 3 });
  const rows: [string, string | undefined][] = [
    [texts.contact, party.contact],
    [texts.method, party.method],
    [texts.verifiedIdentity, party.verifiedIdentity],
    ...(party.idEvidence ?? []).map((row): [string, string] => [row.label, row.value]),
    [texts.ipAddress, party.ipAddress],
    [texts.userAgent, party.userAgent],
    [texts.signedInAccount, party.signedInAccount],
    [texts.timeZone, party.timeZone],
    [texts.signedAt, party.signedAt ? formatUtcSeconds(party.signedAt) : undefined],
  ];
  for (const [label, value] of rows) {
    if (value?.trim()) flow.row(label, value, { labelWidth, indent: 10, size: 8.5 });
  }
}

/** Issue 8, part 8: the recipients' files embedded in the document, each with who attached it, when, and its hash. */
function drawAttachments(flow: AuditPageFlow, attachments: NonNullable<AuditTrailRequest['attachments']>): void {
  const { texts, items } = attachments;
  heading(flow, texts.heading);
  flow.text(texts.intro, { size: 8.5, color: gray, after: 2 });
  for (const item of items) {
    flow.gap(6);
    flow.ensure(50);
    flow.text(item.title, { font: flow.fonts.bold, size: 10.5, after: 3 });
    const rows: [string, string][] = [
      [texts.fileName, item.fileName],
      [texts.attachedBy, item.attachedBy],
      [texts.attachedAt, formatUtcSeconds(item.attachedAt)],
    ];
    for (const [label, value] of rows) flow.row(label, value, { labelWidth, indent: 10, size: 8.5 });
    flow.row(texts.sha256, item.sha256, { labelWidth, indent: 10, size: 8.5, valueFont: flow.fonts.mono });
  }
}

/**
 * One history event: sequence, UTC time and description, then the chain link under it in small Courier, the
 * previous hash abbreviated (it is printed in full on the event before) and this event's hash in full.
 */
function drawEvent(flow: AuditPageFlow, event: AuditEvent, hashChainLabel: string): void {
  const { regular, bold, mono } = flow.fonts;
  const size = 8.5;
  const hashSize = 6;
  const timeX = 26;
  const descriptionX = timeX + 112;
  const lineHeight = size * lineHeightFactor;
  const description = wrapText(event.description, regular, size, flow.contentWidth - descriptionX).slice(0, 12);
  const label = `${hashChainLabel}: `;
  const labelWidth = textWidth(label, regular, hashSize);
  const previous = event.previousHash ? `${event.previousHash.slice(0, 12)}…` : '—';
  const chain = wrapText(`${previous} » ${event.hash}`, mono, hashSize, flow.contentWidth - timeX - labelWidth);
  const height = description.length * lineHeight + chain.length * hashSize * lineHeightFactor + 5;
  flow.block(height, (page, left, top) => {
    const baseline = top - size * 0.8;
    showText(page, String(event.sequence), { font: bold, size, x: left, y: baseline, color: gray });
    showText(page, formatUtcSeconds(event.at), { font: regular, size, x: left + timeX, y: baseline });
    description.forEach((line, index) => {
      showText(page, line, { font: regular, size, x: left + descriptionX, y: baseline - index * lineHeight });
    });
    let y = top - description.length * lineHeight - hashSize * 0.8 - 1;
    showText(page, label, { font: regular, size: hashSize, x: left + timeX, y, color: gray });
    for (const line of chain) {
      showText(page, line, { font: mono, size: hashSize, x: left + timeX + labelWidth, y, color: gray });
      y -= hashSize * lineHeightFactor;
    }
  });
}
