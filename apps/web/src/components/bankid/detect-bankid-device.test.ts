import { describe, expect, it } from 'vitest';
import { detectBankIdDevice } from './detect-bankid-device.ts';

describe('detectBankIdDevice', () => {
  it('tells desktops, phones and iPads apart', () => {
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
    expect(detectBankIdDevice({ userAgent: windows })).toBe('desktop');
    expect(detectBankIdDevice({ userAgent: mac, maxTouchPoints: 0 })).toBe('desktop');
    expect(detectBankIdDevice({ userAgent: iphone, maxTouchPoints: 5 })).toBe('phone');
    expect(detectBankIdDevice({ userAgent: android, maxTouchPoints: 5 })).toBe('phone');
    expect(detectBankIdDevice({ userAgent: mac, maxTouchPoints: 5 })).toBe('ipad');
    expect(detectBankIdDevice({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) Mobile/15E148' })).toBe(
      'ipad',
    );
  });
});
