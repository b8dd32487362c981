import {
  sendLinkEmailCodeRoute,
  sendLinkEmailValidationCodeRoute,
  sendLinkSmsCodeRoute,
  sendLinkSmsValidationCodeRoute,
  validateLinkCodeRoute,
} from '@signlink/contracts/links/link-gate.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import { sendLinkCode, validateLinkCode } from './link-codes.service.ts';

/**
 * The SMS and e-mail gate of a link (SPEC sections 4 and 7). Recipients are guests: the link id, then the code's
 * ClientAccessKey, are all they hold. A locked gate answers ACCESS_FAILED (reason `gate-locked`).
 */
export const linkGateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ ...codeDepsOf(app), rateLimits: app.context.config.rateLimits });

  const channels = [
    { channel: 'sms', gate: sendLinkSmsCodeRoute, validation: sendLinkSmsValidationCodeRoute },
    { channel: 'email', gate: sendLinkEmailCodeRoute, validation: sendLinkEmailValidationCodeRoute },
  ] as const;
  for (const { channel, gate, validation } of channels) {
    route(app, gate, (request) =>
      sendLinkCode(deps(), {
        linkId: request.params.id,
        channel,
        use: 'gate',
        value: request.body.value,
        brand: request.brand.id,
      }),
    );
    route(app, validation, (request) =>
      sendLinkCode(deps(), {
        linkId: request.params.id,
        channel,
        use: request.body.accessDocument ? 'gate' : 'contact',
        value: request.body.value,
        requestToken: request.body.requestToken,
        brand: request.brand.id,
      }),
    );
  }

  route(app, validateLinkCodeRoute, (request) =>
    validateLinkCode(deps(), {
      linkId: request.params.id,
      code: request.body.Code,
      clientAccessKey: request.body.ClientAccessKey,
    }),
  );
};
