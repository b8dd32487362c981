import {
  downloadLinkPaymentRecordRoute,
  downloadPaymentRecordRoute,
} from '@signlink/contracts/sign-pay/payment-record.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { openLinkPaymentRecord, openPaymentRecord } from './payment-record-files.ts';

/** A Sign & Pay payment's sealed record: the sender's download and the paying party's (payment-record-files.ts). */
export const paymentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, storage: app.context.storage });

  route(app, downloadPaymentRecordRoute, async (request, reply) => {
    const file = await openPaymentRecord(deps(), {
      actor: request.actor,
      documentId: request.params.id,
      signPayPaymentId: request.params.paymentId,
    });
    return sendPdf(reply, file);
  });

  route(app, downloadLinkPaymentRecordRoute, async (request, reply) => {
    const file = await openLinkPaymentRecord(
      { ...deps(), secret: app.context.config.sessionSecret },
      {
        linkId: request.params.id,
        requestToken: request.query.requestToken,
        signPayPaymentId: request.query.paymentId,
      },
    );
    return sendPdf(reply, file);
  });
};

function sendPdf(
  reply: Parameters<Parameters<typeof route>[2]>[1],
  file: Awaited<ReturnType<typeof openPaymentRecord>>,
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentName(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
