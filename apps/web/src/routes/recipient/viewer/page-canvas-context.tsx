import { type ComponentType, createContext, lazy, useContext } from 'react';
import type { PdfSource } from './pdf-source.ts';

export interface RecipientPageCanvasProps {
  source: PdfSource;
  /** 1-based. */
  pageNumber: number;
  /** The page's rendered width in CSS pixels. */
  widthPx: number;
  /** Called once the page is drawn (the first page's timing) or when it cannot be. */
  onRendered?: (pageNumber: number, hasFailed: boolean) => void;
}

/**
 * pdf.js in its own chunk (vite.config.ts), not with the recipient page's: the page fetches it while the link's
 * details, gate and access are under way, and the first page to draw waits for it only if that is not done.
 */
export const loadPdfCanvas = () => import('./pdf-canvas.tsx');
const PdfCanvas = lazy(loadPdfCanvas);

/** What draws a page under the fields; component tests (jsdom cannot run pdf.js) give one that draws nothing. */
export const RecipientPageCanvasContext = createContext<ComponentType<RecipientPageCanvasProps>>(PdfCanvas);

export function useRecipientPageCanvas(): ComponentType<RecipientPageCanvasProps> {
  return useContext(RecipientPageCanvasContext);
}
