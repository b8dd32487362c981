// piscina's worker entry. The server runs TypeScript through tsx, but a worker thread has loaders of its own:
// neither the parent's `--import tsx` (npm start) nor vitest's in-process transform reaches it, so tsx's loader
// is registered here, in the thread, before the TypeScript worker is imported.
import { register } from 'tsx/esm/api';

register();

const worker = await import('./pdf-worker.ts');

export const sanitize = worker.sanitize;
export const merge = worker.merge;
export const seal = worker.seal;
export const fillForm = worker.fillForm;
export const verify = worker.verify;
export const whereAmI = worker.whereAmI;
