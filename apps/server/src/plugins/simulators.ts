import path from 'node:path';
import { bankIdTesterPagePlugin } from '@signlink/simulators/bankid/bankid-tester-page';
import { onfidoTesterPagePlugin } from '@signlink/simulators/onfido/onfido-tester-page';
import { S3FolderStore } from '@signlink/simulators/s3/s3-folder-store';
import { s3SimulatorPlugin } from '@signlink/simulators/s3/s3-simulator';
import { stripeSimulatorPagesPlugin } from '@signlink/simulators/stripe/stripe-simulator';
import type { FastifyInstance } from 'fastify';

/**
 * Stand-ins for external systems, speaking each vendor's protocol, under /sim/* (ARCHITECTURE
 * "Shape"). Only registered when simulators are on, which configuration forbids in production.
 * S3: point S3_ENDPOINT at <origin>/sim/s3 with S3_FORCE_PATH_STYLE=true to run the real S3 adapter
 * against it. Objects live in the data folder, not in this process, so every API process on one data folder serves the
 * same bucket (a several-process setup behaves as one S3) and objects outlive a restart, as real S3's do.
 */
export async function simulatorRoutes(app: FastifyInstance) {
  // Stand-ins are not part of our API: keep them out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  const store = new S3FolderStore({ root: path.join(app.context.config.simulatorDir, 's3') });
  await app.register(s3SimulatorPlugin, { prefix: '/s3', store });
  // The BankID app's side: the tester approves or cancels orders here (the RP API itself runs on loopback TLS).
  const bankIdSimulator = app.context.bankId.simulator;
  if (bankIdSimulator)
    await app.register(bankIdTesterPagePlugin, { prefix: '/bankid', controls: bankIdSimulator.controls });
  // Stripe's hosted checkout page and the test controls (the API the SDK calls runs on loopback: start-payments.ts).
  const stripeSimulator = app.context.payments.simulator;
  if (stripeSimulator)
    await app.register(stripeSimulatorPagesPlugin, { prefix: '/stripe', controls: stripeSimulator.controls });
  // Onfido's face outcome and check delay for ID scans (the API the SDK calls runs on loopback: start-id-verification.ts).
  const onfidoSimulator = app.context.idVerification.simulator;
  if (onfidoSimulator)
    await app.register(onfidoTesterPagePlugin, { prefix: '/onfido', controls: onfidoSimulator.controls });
}
