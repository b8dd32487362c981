import type { BrandConfig } from '@signlink/brands/brand-config';
import { resolveBrand } from '@signlink/brands/resolve-brand';
import { type Locale, matchLocale } from '@signlink/contracts/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    brand: BrandConfig;
    locale: Locale;
  }
}

/** The brand comes from the host name (SPEC section 1); the language from `?lang=` or Accept-Language. */
export const requestLocalePlugin = fp(
  async (app: FastifyInstance, options: { seBrandHosts: readonly string[] }) => {
    app.decorateRequest('brand', null as unknown as BrandConfig);
    app.decorateRequest('locale', 'en-us');
    // A callback hook, not an async one: it never waits, and a promise per request is measurable on the hot calls.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      request.brand = resolveBrand(request.host, options.seBrandHosts);
      const query = request.query as Record<string, unknown> | undefined;
      const lang = typeof query?.lang === 'string' ? query.lang : undefined;
      request.locale = matchLocale(lang ?? request.headers['accept-language']);
      done();
    });
  },
  { name: 'request-locale' },
);
