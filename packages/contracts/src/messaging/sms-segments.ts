/*
 * How many SMS a text costs. GSM 03.38's 7-bit alphabet fits 160 characters in one message and 153 per
 * part of a longer one; its extension table (€ [ ] { } …) takes two places each. Any other character
 * (Spanish á í ó ú, emoji) makes the whole text UCS-2: 70 in one message, 67 per part, counted in
 * UTF-16 units. Swedish å ä ö are in the 7-bit alphabet.
 */
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtension = '^{}\\[~]|€\f';

const basic = new Set(gsmBasic);
const extension = new Set(gsmExtension);

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export function countSmsSegments(text: string): SmsSegments {
  let septets = 0;
  for (const character of text) {
    if (basic.has(character)) septets += 1;
    else if (extension.has(character)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** Issue 3: a text stays within two messages. */
export const maxSmsSegments = 2;
