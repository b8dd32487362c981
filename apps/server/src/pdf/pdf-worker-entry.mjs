// piscina's worker entry when the server runs from its TypeScript source (tests, the bench). A worker thread has
// loaders of its own: neither a parent's `--import tsx` nor vitest's in-process transform reaches it, so tsx's
// loader is registered here, in the thread, before the TypeScript worker is imported. The compiled server
// (npm start) runs apps/server/dist/pdf-worker.js instead, with no tsx (pdf-pool.ts picks the file).
import { register } from 'tsx/esm/api';

register();

const worker = await import('./pdf-worker.ts');

export const sanitize = worker.sanitize;
export const merge = worker.merge;
export const seal = worker.seal;
export const sealPaymentRecord = worker.sealPaymentRecord;
export const fillForm = worker.fillForm;
export const receipt = worker.receipt;
export const invoice = worker.invoice;
export const verify = worker.verify;
export const extractText = worker.extractText;
export const whereAmI = worker.whereAmI;
