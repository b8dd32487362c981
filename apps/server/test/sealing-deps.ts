import type { AppContext } from '../src/app-context.ts';
import type { SealingDeps } from '../src/modules/sealing/seal-document.ts';

/** What the seal job hands `sealSignedDocument`, built from a test app's context: seal in a test as the worker does. */
export function sealingDepsOf(context: AppContext): SealingDeps {
  return {
    database: context.database,
    storage: context.storage,
    queue: context.queue,
    messaging: context.messaging,
    sealPdf: (request) => context.pdf.seal({ ...request, key: context.sealing.key }, context.sealing.timestamping),
  };
}
