import { brands } from '@signlink/brands/brands';
import { locales } from '@signlink/contracts/locales';
import { type MessageKind, messageKinds, textableKinds } from '@signlink/contracts/messaging/message-kinds';
import { countSmsSegments } from '@signlink/contracts/messaging/sms-segments';
import { describe, expect, it } from 'vitest';
import { createPublicUrls } from '../../../config/public-urls.ts';
import { renderEmailMessage, renderTextMessageOf } from '../render-message.ts';
import { sampleMessageData } from './sample-message-data.ts';

const publicUrls = createPublicUrls({
  publicUrl: 'https://signlink.example',
  sePublicUrl: 'https://pdfblankett.example.se',
  seBrandHosts: ['pdfblankett.example.se'],
});

const messageOf = (kind: MessageKind, locale: (typeof locales)[number], brand: string, data?: object) => ({
  kind,
  locale,
  brand,
  data: (data ?? sampleMessageData[kind]) as Record<string, unknown>,
});

// i18next returns the key itself for a missing one; an unfilled placeholder keeps its braces.
const untranslated = /messages:|\{\{|\}\}|undefined|\[object /;

describe('message templates', () => {
  for (const brand of brands) {
    for (const locale of locales) {
      it(`render every kind as e-mail in ${locale} under ${brand.name}, with no missing key`, () => {
        for (const kind of messageKinds) {
          const email = renderEmailMessage(messageOf(kind, locale, brand.id), publicUrls);
          expect(email.subject, `${kind} subject`).not.toMatch(untranslated);
          expect(email.text, `${kind} text`).not.toMatch(untranslated);
          expect(email.html, `${kind} html`).not.toMatch(untranslated);
          expect(email.html).toContain(`<html lang="${locale}">`);
          expect(email.html).toContain(brand.header.background);
          expect(email.html).toContain(`${publicUrls.forBrand(brand.id)}${brand.emailLogoUrl}`);
          expect(email.from).toBe(brand.senderEmail);
          expect(email.text).toContain(brand.supportEmail);
        }
      });

      it(`keep every text within two SMS in ${locale} under ${brand.name}, link whole`, () => {
        for (const kind of textableKinds) {
          const text = renderTextMessageOf(messageOf(kind, locale, brand.id), publicUrls);
          expect(text, kind).not.toMatch(untranslated);
          expect(countSmsSegments(text).segments, `${kind}: ${text}`).toBeLessThanOrEqual(2);
          if (kind !== 'verification-code') expect(text).toContain(`${publicUrls.forBrand(brand.id)}/`);
        }
      });
    }
  }

  it('links a document to its code on the recipient brand host, in both parts', () => {
    const email = renderEmailMessage(messageOf('document-invitation', 'sv', 'pdfblankett'), publicUrls);
    const link = 'https://pdfblankett.example.se/DEMO7K2Q9XWE4R8T';
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain(link);
    expect(email.subject).toBe(
      'Anna Lindqvist har skickat "Hyresavtal för lägenhet 1204, Storgatan 12 – tillträde 1 januari" till dig för underskrift',
    );
    expect(email.text).toContain('Meddelande från Anna Lindqvist:\n> Hej! Här är avtalet vi pratade om.\n> Hör av dig');
  });

  it("escapes the sender's words in HTML and keeps them as written in text", () => {
    const hostile = {
      ...sampleMessageData['document-invitation'],
      documentName: '<img src=x onerror=alert(1)>',
      message: '"quoted" & <b>bold</b>',
    };
    const email = renderEmailMessage(messageOf('document-invitation', 'en-us', 'signlink', hostile), publicUrls);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(email.text).toContain('"quoted" & <b>bold</b>');
  });

  it('shortens a long document name to fit two SMS, in Spanish too (UCS-2: 134 characters)', () => {
    const longName = {
      ...sampleMessageData['document-invitation'],
      documentName: 'Compraventa de vehículo usado '.repeat(6).trim(),
    };
    const text = renderTextMessageOf(messageOf('document-invitation', 'es', 'signlink', longName), publicUrls);
    expect(countSmsSegments(text)).toMatchObject({ encoding: 'UCS-2' });
    expect(countSmsSegments(text).segments).toBe(2);
    expect(text).toContain('Compraventa de vehículo');
    expect(text).toContain('...');
    expect(text).toMatch(/https:\/\/signlink\.example\/DEMO7K2Q9XWE4R8T$/);
  });

  it('shows money per SPEC section 5: comma decimals and space thousands in Swedish', () => {
    const email = renderEmailMessage(messageOf('receipt', 'sv', 'signlink'), publicUrls);
    expect(email.text).toContain('Debiterat belopp: 14 875,00 SEK');
    expect(renderEmailMessage(messageOf('receipt', 'en-us', 'signlink'), publicUrls).text).toContain(
      'Amount charged: 14 875.00 SEK',
    );
  });

  it('refuses data that does not fit its kind', () => {
    expect(() =>
      renderEmailMessage(messageOf('verification-code', 'en-us', 'signlink', { code: '12' }), publicUrls),
    ).toThrow();
  });
});
