import { describe, expect, it } from 'vitest';
import { hostName, resolveBrand } from './resolve-brand.ts';

describe('resolveBrand', () => {
  it.each([
    ['localhost:3000', 'signlink'],
    ['signlink.app', 'signlink'],
    ['www.pdfblankett.se', 'pdfblankett'],
    ['PDFBLANKETT.SE:443', 'pdfblankett'],
    ['pdfblankett.se.', 'pdfblankett'],
    ['pdfblankett.localhost:3000', 'pdfblankett'],
    ['example.se.evil.com', 'signlink'],
    ['notse', 'signlink'],
    ['[::1]:3000', 'signlink'],
    ['', 'signlink'],
  ])('%s → %s', (host, brand) => {
    expect(resolveBrand(host).id).toBe(brand);
  });

  it('takes extra second-brand hosts from configuration', () => {
    expect(resolveBrand('forms.test:8080', ['forms.test']).id).toBe('pdfblankett');
    expect(resolveBrand('pdfblankett.localhost', []).id).toBe('signlink');
  });

  it('strips ports, case and brackets from hosts', () => {
    expect(hostName('Example.COM:80')).toBe('example.com');
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });
});
