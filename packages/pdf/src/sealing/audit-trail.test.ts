import { createHash } from 'node:crypto';
import { PageSizes, PDFDocument } from '@cantoo/pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { appendAuditTrail, renderAuditTrailOnly } from './audit-trail.ts';
import {
  fixture,
  imageXObjectsOn,
  pdftotext,
  qpdfCheck,
  renderGray,
  renderPage,
  sealingTextsOf,
  wordBoxes,
} from './pdf-tools.test-helpers.ts';
import type { AuditEvent, AuditParty, AuditTrailRequest, AuditTrailTexts } from './seal-input.ts';

const languages = ['en-us', 'sv', 'es'] as const;

const textsOf = (language: (typeof languages)[number]) => sealingTextsOf(language).auditTrail;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function historyOf(count: number): AuditEvent[] {
  const events: AuditEvent[] = [];
  for (let sequence = 1; sequence <= count; sequence++) {
    const previousHash = events.at(-1)?.hash ?? null;
    events.push({
      sequence,
      at: new Date(Date.UTC(2024, 4, 1, 8, 0, sequence)).toISOString(),
      description:
        sequence % 7 === 0 ? `Påminnelse skickad till Åsa Öberg (${sequence})` : `Öppnat av José Núñez (${sequence})`,
      hash: sha256(`event ${sequence} ${previousHash}`),
      previousHash,
    });
  }
  return events;
}

const longUserAgent =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;IABMV/1;]_and_a_very_long_token_without_any_spaces_at_all_0123456789012345678901234567890123456789';

const parties: AuditParty[] = [
  {
    signatureIndex: 0,
    name: 'Åsa Öberg',
    contact: 'asa.oberg@example.se, +46 70 123 45 67',
    method: 'Svenskt BankID',
    verifiedIdentity: 'Åsa Öberg, 19900101-1234',
    ipAddress: '2001:db8:85a3::8a2e:370:7334',
    userAgent: longUserAgent,
    signedInAccount: 'kollega@example.se',
    timeZone: 'Europe/Stockholm',
    signedAt: '2024-05-01T12:34:56Z',
  },
  {
    signatureIndex: 1,
    name: `José Núñez ${'de la Fuente y Montenegro '.repeat(6)}`,
    contact: 'jose@example.es',
    method: 'Firma electrónica',
    ipAddress: '192.0.2.44',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    timeZone: 'Europe/Madrid',
    signedAt: '2024-05-01T13:00:00Z',
  },
  { signatureIndex: 2, name: 'حبيبي Ωmega', contact: 'habibi@example.com', method: 'E-signature' },
];

function requestFor(language: (typeof languages)[number], eventCount: number, verify = true): AuditTrailRequest {
  return {
    documentName: 'Hyresavtal Söder — lägenhet 1102',
    documentId: '0b9c6f3e-7d0a-4a53-9d41-2f1d2b8e4c11',
    originalSha256: sha256('original'),
    finalSha256: sha256('final'),
    parties,
    events: historyOf(eventCount),
    texts: textsOf(language),
    ...(verify ? { verification: { url: 'https://sign.example.com/verify?d=0b9c6f3e-7d0a-4a53' } } : {}),
  };
}

describe('appendAuditTrail', () => {
  it('appends A4 pages after the document: parties, 200 events with the full hash chain, numbered pages', async () => {
    const request = requestFor('sv', 200);
    const bytes = await appendAuditTrail(fixture('pdflatex-4-pages.pdf'), request);

    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const doc = await PDFDocument.load(bytes);
    const auditPages = doc.getPageCount() - 4;
    expect(auditPages).toBeGreaterThanOrEqual(3);
    for (let index = 4; index < doc.getPageCount(); index++) {
      expect(doc.getPage(index).getSize()).toEqual({ width: PageSizes.A4[0], height: PageSizes.A4[1] });
    }
    expect(pdftotext(bytes, { first: 1, last: 4 })).not.toContain('Sida');
    expect(pdftotext(bytes, { first: 5, last: 5 })).toContain(`Sida 1 av ${auditPages}`);
    expect(pdftotext(bytes, { first: 6, last: 6 })).toContain(`Sida 2 av ${auditPages}`);
    expect(pdftotext(bytes, { first: 4 + auditPages })).toContain(`Sida ${auditPages} av ${auditPages}`);

    const text = pdftotext(bytes, { first: 5 });
    for (const expected of [
      'Verifikat',
      'Hyresavtal Söder — lägenhet 1102',
      request.documentId,
      request.originalSha256,
      request.finalSha256,
      'Åsa Öberg',
      'Åsa Öberg, 19900101-1234',
      '2001:db8:85a3::8a2e:370:7334',
      'Inloggat konto',
      'kollega@example.se',
      'Europe/Stockholm',
      '2024-05-01 12:34:56 UTC',
      '2024-05-01 08:03:20 UTC', // event 200
      'Påminnelse skickad till Åsa Öberg (196)',
      '????? Ωmega', // Greek in the Unicode fallback; Arabic, which no font here has, as '?'
      'Verifiera dokumentet på',
      'https://sign.example.com/verify?d=0b9c6f3e-7d0a-4a53',
    ]) {
      expect(text).toContain(expected);
    }
    // Every event's own hash in full, the previous one abbreviated beside it.
    for (const event of request.events) expect(text).toContain(event.hash);
    expect(text).toContain(`${request.events[0]?.hash.slice(0, 12)}… » ${request.events[1]?.hash}`);
    renderPage(bytes, 5, 'audit-trail-first-page', 50);
  });

  it('wraps long user agents, names and tokens inside the margins', async () => {
    const bytes = await renderAuditTrailOnly(requestFor('es', 3));
    const [width, height] = PageSizes.A4;
    const words = wordBoxes(bytes);
    expect(words.length).toBeGreaterThan(100);
    for (const word of words) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(49);
      expect(word.xMax, word.text).toBeLessThanOrEqual(width - 49);
      expect(word.yMax, word.text).toBeLessThanOrEqual(height - 40);
    }
    const text = pdftotext(bytes).replace(/\s+/g, '');
    expect(text).toContain(longUserAgent.replace(/\s+/g, ''));
  });

  it.each(languages)('renders every %s label, Swedish and Spanish letters included', async (language) => {
    const request = requestFor(language, 5);
    const bytes = await renderAuditTrailOnly(request);
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    // The hash chain label is followed by a colon on each event.
    const words = new Set(
      pdftotext(bytes)
        .split(/\s+/)
        .map((word) => word.replace(/:$/, '')),
    );
    const {
      pageOf,
      methods: _methods,
      partyEvent: _partyEvent,
      sessions: _sessions,
      idEvidence: _idEvidence,
      ...labels
    } = request.texts as AuditTrailTexts & Record<string, unknown>;
    for (const label of Object.values(labels)) {
      for (const word of String(label).split(/\s+/)) expect(words, `${language}: ${word}`).toContain(word);
    }
    const footer = pageOf.replace('{{page}}', '1').replace('{{pages}}', '1');
    expect(pdftotext(bytes)).toContain(footer);
  });

  it('draws the verification QR code as vector squares, and leaves it out when verification is off', async () => {
    const withCode = await renderAuditTrailOnly(requestFor('en-us', 2));
    const doc = await PDFDocument.load(withCode);
    expect(imageXObjectsOn(doc, 0)).toBe(0);
    expect(pdftotext(withCode)).toContain('Verify this document at');

    const withoutCode = await renderAuditTrailOnly(requestFor('en-us', 2, false));
    expect(pdftotext(withoutCode)).not.toContain('https://sign.example.com/verify');
    // The code is a few hundred rectangles: the page with it is the larger by far.
    expect(withCode.byteLength - withoutCode.byteLength).toBeGreaterThan(1500);
    renderPage(withCode, 1, 'audit-trail-only', 50);
  });

  it('draws the QR code module for module as the qrcode package encodes the URL', async () => {
    const request = requestFor('en-us', 2);
    const url = request.verification?.url ?? '';
    const bytes = await renderAuditTrailOnly(request);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const verify = wordBoxes(bytes).find((word) => word.text === 'Verify');
    if (!verify) throw new Error('no verification caption');
    // The symbol sits left of its caption: find its dark extent there, then read every module's centre.
    const image = renderGray(bytes, 1, 200);
    const area = { left: 40, right: 140, top: verify.yMin - 20, bottom: verify.yMin + 80 };
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = area.top; y < area.bottom; y += 0.25) {
      for (let x = area.left; x < area.right; x += 0.25) {
        if (!image.dark(x, y)) continue;
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
    }
    const cell = (right - left) / modules.size;
    expect((bottom - top) / modules.size).toBeCloseTo(cell, 0);
    let mismatches = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const dark = image.dark(left + (column + 0.5) * cell, top + (row + 0.5) * cell);
        if (dark !== Boolean(modules.get(row, column))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });
});
