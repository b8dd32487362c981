import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { appVersion } from '@signlink/contracts/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI is generated from the same zod schemas that validate and serialise; served at /v2/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { isProduction: boolean; servePage: boolean }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Signlink API',
          description:
            'Digital signatures and document workflows. Every path is under /v2/.\n\n' +
            '**Integrations.** A company administrator makes an API client (Settings → API keys, or `POST ' +
            '/v2/linktinker/app/api/clients`). Its id and secret work as HTTP Basic credentials on the operations ' +
            'that list the `clientCredentials` scheme, or are exchanged at `POST /v2/oauth/generatetoken` ' +
            '(`grant_type=client_credentials`) for a bearer token of 60 minutes. A `read` client may only GET. ' +
            'The README\'s "API quick start" uploads a PDF, places a field, sends, reads the status and downloads ' +
            'the sealed PDF, one `curl` line each.',
          version: appVersion,
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            clientCredentials: { type: 'http', scheme: 'basic' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
      hideUntagged: false,
    });
    // A production service shows its whole surface to anyone only when its operator asks (API_DOCS=true).
    if (!options.servePage) return;
    await app.register(swaggerUi, {
      routePrefix: '/v2/docs',
      staticCSP: true,
      // Swagger UI sets style attributes at run time, which style hashes cannot allow; and the
      // upgrade directive would break the page on plain-http localhost.
      transformStaticCSP: (header) =>
        header
          .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
          .replace(/\s*upgrade-insecure-requests;?/, options.isProduction ? '; upgrade-insecure-requests;' : ''),
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
  { name: 'openapi' },
);
