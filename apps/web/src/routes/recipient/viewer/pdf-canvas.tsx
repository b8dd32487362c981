import { AnnotationMode, getDocument, type PDFDocumentProxy, PDFWorker, type RenderTask } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';
import { takeEarlyPdfWorker } from '../../../lib/pdf-worker-port.ts';
import { configurePdfWorker } from '../../../lib/pdfjs-worker.ts';
import type { RecipientPageCanvasProps } from './page-canvas-context.tsx';
import type { PdfSource } from './pdf-source.ts';

configurePdfWorker();

// pdf.js's worker (its own large file) is fetched and started by the entry (pdf-worker-port.ts) or else as this chunk
// loads, which the page does before the document is open, rather than by the first getDocument. One worker serves
// every file of the link.
let worker: PDFWorker | null = null;
function sharedWorker(): PDFWorker {
  if (!worker || worker.destroyed) {
    const port = takeEarlyPdfWorker() ?? undefined;
    worker = PDFWorker.create({ port });
  }
  return worker;
}
sharedWorker();

/** The link's open PDFs by file Code: pdf.js takes the bytes once (it moves them to its worker). */
const openDocuments = new Map<string, Promise<PDFDocumentProxy>>();

function loadPdf(source: PdfSource): Promise<PDFDocumentProxy> {
  let loading = openDocuments.get(source.key);
  if (!loading) {
    // isEvalSupported false: the CSP has no unsafe-eval, and fonts need none.
    loading = source.bytes.then(
      (bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, worker: sharedWorker() }).promise,
    );
    loading.catch(() => openDocuments.delete(source.key));
    openDocuments.set(source.key, loading);
  }
  return loading;
}

/** One page drawn by pdf.js at its on-screen width, sharp on high-density screens; redrawn when the zoom changes. */
export default function PdfCanvas({ source, pageNumber, widthPx, onRendered }: RecipientPageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;

  useEffect(() => {
    let task: RenderTask | null = null;
    let isCancelled = false;
    void (async () => {
      try {
        const document = await loadPdf(source);
        const page = await document.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (isCancelled || !canvas) return;
        // At most 2x: a 3x phone gains little sharpness for 2.25 times the pixels to draw.
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (widthPx / unscaled.width) * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        // ENABLE draws the PDF's own form fields' appearance: fields we overlay cover theirs.
        task = page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE });
        await task.promise;
        page.cleanup();
        if (isCancelled) return;
        // Marks a drawn page for the browser journeys' first-page timing and screenshots.
        canvas.dataset.rendered = 'true';
        onRenderedRef.current?.(pageNumber, false);
      } catch (error) {
        if (isCancelled || (error as { name?: string }).name === 'RenderingCancelledException') return;
        onRenderedRef.current?.(pageNumber, true);
      }
    })();
    return () => {
      isCancelled = true;
      task?.cancel();
    };
  }, [source, pageNumber, widthPx]);

  return (
    <canvas ref={canvasRef} aria-hidden style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
  );
}
