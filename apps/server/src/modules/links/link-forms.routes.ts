import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import {
  ZFormPdfParams,
  ZFormPdfQuery,
  ZFormQuery,
  ZFormSendResponse,
  ZFormSubmission,
  ZLinkFormResponse,
  ZPendingReceiptRequest,
  ZSaveFormRequest,
  ZShareFormRequest,
  ZSubmitFormRequest,
  ZSubmittedPdfUrlRequest,
  ZSubmittedPdfUrlResponse,
} from '@signlink/contracts/links/link-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { findLinkForm } from './link-forms.repository.ts';
import { saveLinkForm } from './save-form.ts';
import { shareLinkForm } from './share-form.ts';
import { openFormPdf, sendPendingReceipt, submitLinkForm, submittedPdfUrl } from './submit-form.ts';

const params = z.object({ id: ZLinkId });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  406: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  429: ZErrorResponse,
};

/**
 * The recipient's form calls (SPEC section 7 "Forms"; issue 8, part 7). Each carries the RequestToken of
 * `links/{id}/access` for this link, except the PDF address, whose own token is its credential.
 */
export const linkFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['links'];
  const deps = () => ({
    db: app.context.database.db,
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
    storage: app.context.storage,
    pdf: app.context.pdf,
    secret: app.context.config.sessionSecret,
  });

  app.get(
    '/linktinker/links/:id/forms',
    {
      schema: {
        tags,
        summary: "The link's saved form, to restore what the recipient filled",
        params,
        querystring: ZFormQuery,
        response: { 200: ZLinkFormResponse, ...errors },
      },
    },
    async (request) => {
      const access = await requireLinkAccess(deps(), request.params.id, request.query.requestToken);
      const form = await findLinkForm(deps().db, access.link.id);
      return { form: form ? presentFormSubmission(form) : null };
    },
  );

  app.post(
    '/linktinker/links/:id/forms',
    {
      schema: {
        tags,
        summary: "Save the recipient's form values (instantJson), pending or final, until it is submitted or shared",
        params,
        body: ZSaveFormRequest,
        response: { 200: ZFormSubmission, ...errors },
      },
    },
    async (request) => saveLinkForm(deps(), { linkId: request.params.id, body: request.body }),
  );

  app.post(
    '/linktinker/links/:id/forms/submit',
    {
      schema: {
        tags,
        summary: 'Submit the form: it is frozen, and its filled PDF is e-mailed (attached) and texted (as a link)',
        params,
        body: ZSubmitFormRequest,
        response: { 200: ZFormSendResponse, ...errors },
      },
    },
    async (request) =>
      submitLinkForm(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  app.post(
    '/linktinker/links/:id/forms/pendingsubmissionreceipt',
    {
      schema: {
        tags,
        summary: 'Send a receipt that a pending form was received',
        params,
        body: ZPendingReceiptRequest,
        response: { 200: ZFormSendResponse, ...errors },
      },
    },
    async (request) =>
      sendPendingReceipt(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  app.post(
    '/linktinker/links/:id/forms/share',
    {
      schema: {
        tags,
        summary: 'Share the filled form with one proved e-mail address or mobile number; it is frozen',
        params,
        body: ZShareFormRequest,
        response: { 200: ZFormSendResponse, ...errors },
      },
    },
    async (request) =>
      shareLinkForm(deps(), { linkId: request.params.id, brand: request.brand.id, body: request.body }),
  );

  app.post(
    '/linktinker/links/:id/forms/submittedpdfurl',
    {
      schema: {
        tags,
        summary: "The address of the submitted form's PDF",
        params,
        body: ZSubmittedPdfUrlRequest,
        response: { 200: ZSubmittedPdfUrlResponse, ...errors },
      },
    },
    async (request) => submittedPdfUrl(deps(), { linkId: request.params.id, body: request.body }),
  );

  app.get(
    '/linktinker/links/:id/forms/:formId/pdf',
    {
      schema: {
        tags,
        summary: "The submitted form's filled PDF, by the token its address carries",
        params: params.extend(ZFormPdfParams.shape),
        querystring: ZFormPdfQuery,
      },
    },
    async (request, reply) => {
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
    },
  );
};
