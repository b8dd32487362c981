import { describe, expect, it } from 'vitest';
import { createPublicUrls } from './public-urls.ts';

describe('createPublicUrls', () => {
  it('puts the second brand on its own host, by SE_PUBLIC_URL or the first SE brand host', () => {
    const configured = createPublicUrls({
      publicUrl: 'https://signlink.app/',
      sePublicUrl: 'https://pdfblankett.se',
      seBrandHosts: ['pdfblankett.se'],
    });
    expect(configured.forBrand('signlink')).toBe('https://signlink.app');
    expect(configured.forBrand('pdfblankett')).toBe('https://pdfblankett.se');
    const derived = createPublicUrls({ publicUrl: 'http://localhost:3000', seBrandHosts: ['pdfblankett.localhost'] });
    expect(derived.forBrand('pdfblankett')).toBe('http://pdfblankett.localhost:3000');
  });

  it('takes the listening port when the configured one is 0', () => {
    const urls = createPublicUrls({ publicUrl: 'http://localhost:0', seBrandHosts: ['pdfblankett.localhost'] });
    urls.useListeningPort(41234);
    expect(urls.forBrand('signlink')).toBe('http://localhost:41234');
    expect(urls.forBrand('pdfblankett')).toBe('http://pdfblankett.localhost:41234');
  });
});
