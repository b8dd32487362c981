import {
  downloadLinkFormPdfRoute,
  findLinkFormRoute,
  findSubmittedFormPdfUrlRoute,
  saveLinkFormRoute,
  sendPendingFormReceiptRoute,
  shareLinkFormRoute,
  submitLinkFormRoute,
} from '@signlink/contracts/links/link-forms.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { findLinkFormOf } from './link-files.ts';
import { saveLinkForm } from './save-form.ts';
import { shareLinkForm } from './share-form.ts';
import { openFormPdf, sendPendingReceipt, submitLinkForm, submittedPdfUrl } from './submit-form.ts';

/**
 * The recipient's form calls (SPEC section 7 "Forms"; issue 8, part 7). Each carries the RequestToken of
 * `links/{id}/access` for this link, except the PDF address, whose own token is its credential.
 */
export const linkFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
    storage: app.context.storage,
    pdf: app.context.pdf,
    secret: app.context.config.sessionSecret,
  });

  route(app, findLinkFormRoute, async (request) => {
    const form = await findLinkFormOf(deps(), { linkId: request.params.id, requestToken: request.query.requestToken });
    return { form: form ? presentFormSubmission(form) : null };
  });

  route(app, saveLinkFormRoute, (request) => saveLinkForm(deps(), { linkId: request.params.id, body: request.body }));

  route(app, submitLinkFormRoute, (request) =>
    submitLinkForm(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  route(app, sendPendingFormReceiptRoute, (request) =>
    sendPendingReceipt(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  route(app, shareLinkFormRoute, (request) =>
    shareLinkForm(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  route(app, findSubmittedFormPdfUrlRoute, (request) =>
    submittedPdfUrl(deps(), { linkId: request.params.id, body: request.body }),
  );

  route(app, downloadLinkFormPdfRoute, async (request, reply) => {
    const body = await openFormPdf(deps(), {
      linkId: request.params.id,
      formId: request.params.formId,
      token: request.query.token,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="form.pdf"')
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
