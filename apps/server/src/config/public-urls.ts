import type { BrandId } from '@signlink/brands/brand-config';

/**
 * The addresses people reach us on, per brand: links in e-mails and texts go to the recipient's brand
 * host (spec/DECISIONS.md "Names and brands"), and provider callbacks come back to the default one.
 */
export interface PublicUrls {
  /** Origin without a trailing slash, e.g. `https://pdfblankett.se`. */
  forBrand(brand: BrandId): string;
  /**
   * With `PORT=0` the port is known only once the server listens; main calls this then, so links carry
   * the real port. Does nothing when the URLs were configured.
   */
  useListeningPort(port: number): void;
}

export interface PublicUrlsConfig {
  publicUrl: string;
  sePublicUrl?: string | undefined;
  seBrandHosts: readonly string[];
}

export function createPublicUrls(config: PublicUrlsConfig): PublicUrls {
  let port: number | undefined;
  const withPort = (url: string) => {
    const parsed = new URL(url);
    if (port !== undefined && parsed.port === '0') parsed.port = String(port);
    return parsed.origin;
  };
  return {
    forBrand(brand) {
      const base = withPort(config.publicUrl);
      const seHost = () => {
        if (config.sePublicUrl) return withPort(config.sePublicUrl);
        const parsed = new URL(base);
        parsed.hostname = config.seBrandHosts[0] ?? 'pdfblankett.localhost';
        return parsed.origin;
      };
      const byBrand: Record<BrandId, () => string> = { signlink: () => base, pdfblankett: seHost };
      return byBrand[brand]();
    },
    useListeningPort(listening) {
      port = listening;
    },
  };
}
