import { pdfBlankett, signlink } from '@signlink/brands/brands';
import { resolveBrand } from '@signlink/brands/resolve-brand';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBrandToDocument } from './apply-brand-to-document.ts';
import { createBrandTheme } from './create-brand-theme.ts';
import { readSeBrandHosts, seBrandHostsMetaName } from './read-se-brand-hosts.ts';

function setMeta(content: string | null) {
  document.head.querySelector(`meta[name="${seBrandHostsMetaName}"]`)?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = seBrandHostsMetaName;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  setMeta(null);
  document.head.querySelector('link[rel="icon"]')?.remove();
});

describe('brand in the document', () => {
  it('reads the second-brand hosts the server wrote into the page', () => {
    setMeta(' forms.example.org, PDF.test ,');
    const hosts = readSeBrandHosts(document);
    expect(hosts).toEqual(['forms.example.org', 'pdf.test']);
    expect(resolveBrand('pdf.test:8080', hosts).homeRoute).toBe('/pdfblankett');
    expect(resolveBrand('pdfblankett.localhost', hosts).homeRoute).toBe('/dashboard');
  });

  it('falls back to the built-in local hosts without the tag or with it empty', () => {
    expect(readSeBrandHosts(document)).toEqual(['pdfblankett.localhost']);
    setMeta('');
    expect(readSeBrandHosts(document)).toEqual(['pdfblankett.localhost']);
  });

  it('names the tab after the brand and uses its icon', () => {
    applyBrandToDocument(document, pdfBlankett);
    expect(document.title).toBe('PDF-blankett');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/brands/pdfblankett-icon.svg',
    );
    applyBrandToDocument(document, signlink);
    expect(document.title).toBe('Signlink');
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });

  it("builds each brand's theme from its palette", () => {
    expect(createBrandTheme(signlink).palette.primary.main).toBe(signlink.palette.primary);
    expect(createBrandTheme(pdfBlankett).palette.primary.main).toBe(pdfBlankett.palette.primary);
    expect(createBrandTheme(pdfBlankett).palette.secondary.main).toBe(pdfBlankett.palette.secondary);
  });
});
