import { type ComponentType, createContext, lazy, useContext } from 'react';

export interface PageCanvasProps {
  /** The PDF's address for pdf.js (ZEditorResponse.ContentUrl). */
  contentUrl: string;
  /** 1-based. */
  pageNumber: number;
  /** CSS pixels per PDF point. */
  zoom: number;
}

// pdf.js is large: it loads with the first page that comes into view, in a chunk of its own.
const PdfPageCanvas = lazy(() => import('./pdf-page-canvas.tsx'));

/**
 * What draws a page under the fields. Tests (jsdom has no canvas for pdf.js) provide a component that draws
 * nothing, and so leave pdf.js out.
 */
export const PageCanvasContext = createContext<ComponentType<PageCanvasProps>>(PdfPageCanvas);

export function usePageCanvas(): ComponentType<PageCanvasProps> {
  return useContext(PageCanvasContext);
}
