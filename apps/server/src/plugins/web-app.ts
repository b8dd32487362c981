import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const brandHostsMeta = /(<meta name="signlink:se-brand-hosts" content=")[^"]*(")/;

/**
 * Serves the built web app on the API's port. Files are matched exactly; any other GET path is a
 * document link id (SPEC section 2) and gets the app, which redirects into its hash route. Unknown
 * API paths stay JSON 404s.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string; seBrandHosts: readonly string[] }) => {
    const indexFile = path.join(options.root, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn({ root: options.root }, 'web app not built: run `npm run build` (npm start does it for you)');
      return;
    }
    // The brand hosts come from configuration, so the page learns them without an extra request.
    const indexHtml = fs
      .readFileSync(indexFile, 'utf8')
      .replace(brandHostsMeta, `$1${options.seBrandHosts.join(',')}$2`);

    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Brand logos appear in e-mails, which webmail shows on other origins; helmet's same-origin would block them.
        if (filePath.includes(`${path.sep}brands${path.sep}`))
          res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });

    const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (/^\/(v2|sim)(\/|$)/.test(request.url)) throw new AppError('ROUTE_NOT_FOUND');
      return sendIndex(request, reply);
    });
  },
  { name: 'web-app' },
);
