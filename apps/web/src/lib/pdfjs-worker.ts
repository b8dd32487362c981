/// <reference types="vite/client" />
import { GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's worker, set once for every viewer (the editor's pages, the recipient's document): a file of our own origin
 * (the CSP's worker-src 'self'), hashed by Vite. Imported only by the modules that draw with pdf.js, so the worker's
 * URL and pdf.js stay in their lazy chunk.
 */
export function configurePdfWorker(): void {
  if (GlobalWorkerOptions.workerSrc !== workerUrl) GlobalWorkerOptions.workerSrc = workerUrl;
}
