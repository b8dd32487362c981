import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { RouteContract } from '@signlink/contracts/http/route-contract';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { refuseUnsafeText } from './http/refuse-unsafe-text.ts';
import { accountSettingsRoutes } from './modules/accounts/account-settings.routes.ts';
import { customerAccountRoutes } from './modules/accounts/customer-accounts.routes.ts';
import { personalAccountRoutes } from './modules/accounts/personal-account.routes.ts';
import { recipientPageSettingsRoutes } from './modules/accounts/recipient-page-settings.routes.ts';
import { accountUsersRoutes } from './modules/accounts/users.routes.ts';
import { apiClientRoutes } from './modules/api-clients/api-clients.routes.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bankIdLoginRoutes } from './modules/auth/bankid-login.routes.ts';
import { bankIdRegistrationRoutes } from './modules/auth/bankid-registration.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { pinResetRoutes } from './modules/auth/pin-reset.routes.ts';
import { registrationRoutes } from './modules/auth/registration.routes.ts';
import { userRoutes } from './modules/auth/user.routes.ts';
import { userPreferencesRoutes } from './modules/auth/user-preferences.routes.ts';
import { bankIdRoutes } from './modules/bankid/bankid.routes.ts';
import { addOnRoutes } from './modules/billing/add-ons.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { devGiftCardRoutes } from './modules/billing/dev-gift-cards.routes.ts';
import { invoiceRoutes } from './modules/billing/invoices.routes.ts';
import { pricePlanRoutes } from './modules/billing/price-plans.routes.ts';
import { receiptRoutes } from './modules/billing/receipts.routes.ts';
import { topUpRoutes } from './modules/billing/top-up.routes.ts';
import { transactionFeeRoutes } from './modules/billing/transaction-fees.routes.ts';
import { bulkSendRoutes } from './modules/bulk-send/bulk-send.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { orgNumberBankIdRoutes } from './modules/companies/org-number-bankid.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { developerLogRoutes } from './modules/developer-log/developer-log.routes.ts';
import { recordApiErrorsPlugin } from './modules/developer-log/record-api-errors.ts';
import { documentActionRoutes } from './modules/documents/document-actions.routes.ts';
import { documentAttachmentRoutes } from './modules/documents/document-attachments.routes.ts';
import { documentFlagsRoutes } from './modules/documents/document-flags.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { draftsRoutes } from './modules/documents/drafts.routes.ts';
import { sendDocumentRoutes } from './modules/documents/send-document.routes.ts';
import { uploadRoutes } from './modules/documents/upload.routes.ts';
import { idScanRoutes } from './modules/id-scan/id-scan.routes.ts';
import { idScanImageRoutes } from './modules/id-scan/id-scan-images.routes.ts';
import { idScanWebhookRoutes } from './modules/id-scan/id-scan-webhook.routes.ts';
import { linkAssistantRoutes } from './modules/link-assistant/link-assistant.routes.ts';
import { linkPreviewRoutes } from './modules/link-preview/link-preview.routes.ts';
import { formApprovalRoutes } from './modules/links/form-approval.routes.ts';
import { linkAccessRoutes } from './modules/links/link-access.routes.ts';
import { linkAttachmentRoutes } from './modules/links/link-attachments.routes.ts';
import { linkBankIdRoutes } from './modules/links/link-bankid.routes.ts';
import { linkDetailsRoutes } from './modules/links/link-details.routes.ts';
import { linkFormRoutes } from './modules/links/link-forms.routes.ts';
import { linkGateRoutes } from './modules/links/link-gate.routes.ts';
import { linkPaymentsRoutes } from './modules/links/link-payments.routes.ts';
import { linkSigningRoutes } from './modules/links/link-signing.routes.ts';
import { maintenancePlugin } from './modules/maintenance/maintenance.plugin.ts';
import { serverTimeRoutes } from './modules/maintenance/server-time.routes.ts';
import { devMessagesRoutes } from './modules/messaging/dev-messages.routes.ts';
import { twilioStatusRoutes } from './modules/messaging/twilio-status.routes.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { referralLinkRoutes } from './modules/partners/referral-links.routes.ts';
import { paymentRecordRoutes } from './modules/payment-records/payment-record.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { publicLinksRoutes } from './modules/public-links/public-links.routes.ts';
import { retrySealRoutes } from './modules/sealing/retry-seal.routes.ts';
import { sealCaRoutes } from './modules/sealing/seal-ca.routes.ts';
import { sealedDownloadRoutes } from './modules/sealing/sealed-downloads.routes.ts';
import { verifyRoutes } from './modules/sealing/verify.routes.ts';
import { signPayRoutes } from './modules/sign-pay/sign-pay.routes.ts';
import { healthRoutes } from './modules/system/health.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { devWebhooksRoutes } from './modules/webhooks/dev-webhooks.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { requestLocalePlugin } from './plugins/request-locale.ts';
import { withRequestLogSerializers } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { simulatorRoutes } from './plugins/simulators.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
  }
}

export interface BuildAppOptions {
  context: AppContext;
  /** pino instance for request logs; tests leave it out and run silent. */
  logger?: FastifyBaseLogger;
  /** The built web app; tests point it elsewhere or leave it out. */
  webRoot?: string | null;
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;

/** The Fastify instance with every plugin and route; main.ts listens on it, tests call `inject`. */
export async function buildApp({ context, logger, webRoot = defaultWebRoot }: BuildAppOptions) {
  const { config } = context;
  const app = Fastify({
    // Request lines never carry tokens or personal values from the query, whichever logger the caller passes.
    ...(logger ? { loggerInstance: withRequestLogSerializers(logger) } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: config.jsonBodyLimitBytes,
    // A caller's (or load balancer's) request id is kept when it looks like one, so logs join up.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, with the contract it came from (if any): a test holds contracts and routes to one
  // another, so neither can exist without the other.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) routeTable.push({ method, url: options.url, contract: options.config?.contract });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('context', context);
  // The PDF worker threads end with the app (main.ts's shutdown, a test's close).
  app.addHook('onClose', async () => context.pdf.close());
  // Set as the request arrives, by a callback hook: it then rides on every answer, errors included, without the
  // promise an async onSend hook costs on each call.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(requestLocalePlugin, { seBrandHosts: config.seBrandHosts });
  await app.register(errorHandlerPlugin, { checkContracts: config.env === 'test' });
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(openApiPlugin, { isProduction: config.isProduction, servePage: config.apiDocs });
  await app.register(authPlugin, { secret: config.sessionSecret });
  await app.register(recordApiErrorsPlugin);
  refuseUnsafeText(app);
  await app.register(rateLimitsPlugin, { database: context.database, rateLimits: config.rateLimits });
  await app.register(maintenancePlugin, { maintenance: config.maintenance });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(serverTimeRoutes);
      await api.register(twilioStatusRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(idScanWebhookRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(userPreferencesRoutes);
      await api.register(accountUsersRoutes);
      await api.register(registrationRoutes);
      await api.register(pinResetRoutes);
      await api.register(passwordRoutes);
      await api.register(companiesRoutes);
      await api.register(accountSettingsRoutes);
      await api.register(recipientPageSettingsRoutes);
      await api.register(personalAccountRoutes);
      await api.register(bankIdRegistrationRoutes);
      await api.register(bankIdRoutes);
      await api.register(bankIdLoginRoutes);
      await api.register(orgNumberBankIdRoutes);
      await api.register(linkBankIdRoutes);
      await api.register(linkDetailsRoutes);
      await api.register(linkSigningRoutes);
      await api.register(linkPreviewRoutes);
      await api.register(linkGateRoutes);
      await api.register(linkFormRoutes);
      await api.register(linkAttachmentRoutes);
      await api.register(idScanRoutes);
      await api.register(assistantRoutes);
      await api.register(linkAssistantRoutes);
      await api.register(idScanImageRoutes);
      await api.register(formApprovalRoutes);
      await api.register(linkAccessRoutes);
      await api.register(referralLinkRoutes);
      await api.register(customerAccountRoutes);
      await api.register(uploadRoutes);
      await api.register(draftsRoutes);
      await api.register(sendDocumentRoutes);
      await api.register(bulkSendRoutes);
      await api.register(documentActionRoutes);
      await api.register(documentsRoutes);
      await api.register(publicLinksRoutes);
      await api.register(documentFlagsRoutes);
      await api.register(documentAttachmentRoutes);
      await api.register(contactsRoutes);
      await api.register(signPayRoutes);
      await api.register(apiClientRoutes);
      await api.register(linkPaymentsRoutes);
      await api.register(sealCaRoutes);
      await api.register(verifyRoutes);
      await api.register(sealedDownloadRoutes);
      await api.register(retrySealRoutes);
      await api.register(paymentRecordRoutes);
      await api.register(billingRoutes);
      // Like the developer mailbox: only with simulators, which configuration forbids in production.
      if (config.simulators) await api.register(devGiftCardRoutes);
      await api.register(topUpRoutes);
      await api.register(addOnRoutes);
      await api.register(receiptRoutes);
      await api.register(pricePlanRoutes);
      await api.register(invoiceRoutes);
      await api.register(transactionFeeRoutes);
      await api.register(templatesRoutes);
      await api.register(developerLogRoutes);
      await api.register(oauthRoutes);
      await api.register(webhooksRoutes);
      // The dev webhook inbox, like the mailbox: only with simulators, never in production.
      if (config.simulators && !config.isProduction) await api.register(devWebhooksRoutes);
      // The developer mailbox exists only with simulators, which configuration forbids in production.
      const { devMailbox } = context.messaging;
      if (devMailbox) await api.register(devMessagesRoutes, { mailbox: devMailbox });
    },
    { prefix: '/v2' },
  );

  if (config.simulators) await app.register(simulatorRoutes, { prefix: '/sim' });
  if (webRoot) await app.register(webAppPlugin, { root: webRoot, seBrandHosts: config.seBrandHosts });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
