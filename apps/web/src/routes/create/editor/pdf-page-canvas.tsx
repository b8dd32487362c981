import { AnnotationMode, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { configurePdfWorker } from '../../../lib/pdfjs-worker.ts';
import type { PageCanvasProps } from './page-canvas-context.tsx';

configurePdfWorker();

/** The open PDF: one at a time, so leaving one file's editor for another frees the first's memory. */
let openDocument: { url: string; loading: Promise<PDFDocumentProxy> } | null = null;

function loadPdf(url: string): Promise<PDFDocumentProxy> {
  if (openDocument?.url === url) return openDocument.loading;
  const previous = openDocument;
  // Fonts and images the PDF lacks are not fetched from elsewhere: the editor only needs a faithful preview.
  openDocument = { url, loading: getDocument({ url, isEvalSupported: false }).promise };
  void previous?.loading.then((document) => document.destroy()).catch(() => undefined);
  return openDocument.loading;
}

/** One page drawn by pdf.js at the zoom, sharp on high-density screens; redrawn when the zoom changes. */
export default function PdfPageCanvas({ contentUrl, pageNumber, zoom }: PageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    let task: RenderTask | null = null;
    let isCancelled = false;
    void (async () => {
      try {
        const document = await loadPdf(contentUrl);
        const page = await document.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (isCancelled || !canvas) return;
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: zoom * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        // ENABLE draws the form fields' own appearance too (the default leaves them to a form layer we do not
        // have), so the sender sees the PDF's fields where they will adopt or place theirs.
        task = page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE });
        await task.promise;
        // The page's parsed operators are no longer needed once drawn: a 200-page PDF keeps only what is shown.
        page.cleanup();
      } catch (error) {
        if (!isCancelled && (error as { name?: string }).name !== 'RenderingCancelledException') setHasFailed(true);
      }
    })();
    return () => {
      isCancelled = true;
      task?.cancel();
    };
  }, [contentUrl, pageNumber, zoom]);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden
      data-failed={hasFailed || undefined}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    />
  );
}
