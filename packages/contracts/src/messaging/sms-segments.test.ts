import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments.ts';

describe('countSmsSegments', () => {
  it('counts GSM-7: 160 in one message, 153 per part, Swedish letters included', () => {
    expect(countSmsSegments('å'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('ä'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters twice', () => {
    expect(countSmsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('{'.repeat(81)).segments).toBe(2);
  });

  it('switches the whole text to UCS-2 for one character outside GSM-7', () => {
    expect(countSmsSegments(`${'a'.repeat(69)}á`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSmsSegments(`${'a'.repeat(70)}ó`).segments).toBe(2);
    expect(countSmsSegments(`${'a'.repeat(134)}`).encoding).toBe('GSM-7');
    expect(countSmsSegments(`${'a'.repeat(133)}ú`).segments).toBe(2);
    expect(countSmsSegments(`${'a'.repeat(134)}…`).segments).toBe(3);
  });
});
