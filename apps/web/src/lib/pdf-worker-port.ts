/// <reference types="vite/client" />
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

let earlyWorker: Worker | null = null;

/**
 * Starts pdf.js's worker (its own large file, fetched and compiled on a thread of its own) before pdf.js itself has
 * loaded: the entry does so for a document link, so the worker is ready when the first page's bytes are. pdf.js
 * takes it as its port (pdf-canvas.tsx). Only the URL is imported here, so the entry stays free of pdf.js.
 */
export function startPdfWorkerEarly(): void {
  // No module workers (jsdom in tests, very old browsers): pdf.js starts its own, or falls back, as it did.
  if (earlyWorker || typeof Worker === 'undefined') return;
  try {
    earlyWorker = new Worker(workerUrl, { type: 'module' });
  } catch {
    earlyWorker = null;
  }
}

/** The worker the entry started, once: pdf.js allows one PDFWorker per port. */
export function takeEarlyPdfWorker(): Worker | null {
  const worker = earlyWorker;
  earlyWorker = null;
  return worker;
}
