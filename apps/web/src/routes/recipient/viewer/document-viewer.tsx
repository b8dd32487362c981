import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createNearViewportObserver, NearViewportContext } from '../../../lib/use-near-viewport.ts';
import { clampZoom, maxZoom, minZoom, renderedPageWidth, zoomStep } from './field-layout.ts';
import type { DocumentField, FieldValue, FormValues } from './next-field.ts';
import { pageDomId } from './page-dom-id.ts';
import { PdfPage } from './pdf-page.tsx';
import type { PdfSource } from './pdf-source.ts';

export interface DocumentViewerProps {
  files: LinkAccessResponse['Documents'];
  sources: readonly PdfSource[];
  fields: readonly DocumentField[];
  slots: readonly LinkSignatureSlot[];
  values: FormValues;
  onChange: (field: DocumentField, value: FieldValue) => void;
  onSign: (signatureIndex: number) => void;
  onPageRendered?: (fileIndex: number, pageNumber: number, hasFailed: boolean) => void;
  /** 1 fits the width; the zoom buttons (ZoomControls) change it. */
  zoom: number;
  /** A submitted or shared form: its fields show their values and take no input. */
  isReadOnly?: boolean;
}

/** Space kept beside the page on a phone, so the paper's edge and shadow show. */
const sidePadding = 16;

/** The container's inner width, followed as the phone turns or the window resizes. */
function useContainerWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(() => Math.min(globalThis.innerWidth || 390, 960));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The link's files drawn by pdf.js with the fields over them (issue 8 part 5). Fits a phone's width; pinch zoom is
 * the browser's own (touch-action allows it), and the buttons zoom the drawing itself, sharper than a pinch.
 */
export function DocumentViewer(props: DocumentViewerProps) {
  const { files, sources, fields, slots, values, onChange, onSign, onPageRendered, zoom, isReadOnly } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const containerWidth = useContainerWidth(scrollRef);
  const [observer, setObserver] = useState<ReturnType<typeof createNearViewportObserver>>(null);
  useEffect(() => setObserver(createNearViewportObserver(null, '800px 0px')), []);
  const fieldsByPage = useMemo(() => {
    const byPage = new Map<string, DocumentField[]>();
    for (const field of fields) {
      const key = `${field.fileIndex}:${field.page}`;
      byPage.set(key, [...(byPage.get(key) ?? []), field]);
    }
    return byPage;
  }, [fields]);
  const noFields: DocumentField[] = [];

  return (
    <NearViewportContext.Provider value={observer}>
      <Box
        ref={scrollRef}
        sx={{ width: '100%', overflowX: zoom > 1 ? 'auto' : 'hidden', touchAction: 'pan-x pan-y pinch-zoom', pb: 2 }}
      >
        {files.map((file, fileIndex) => {
          const source = sources[fileIndex];
          if (!source) return null;
          return (
            <Box component="section" key={file.Code} aria-label={file.Title} sx={{ mb: 2 }}>
              {files.length > 1 && (
                <Typography component="h2" variant="subtitle1" sx={{ px: 2, mb: 1, fontWeight: 600 }}>
                  {file.Title}
                </Typography>
              )}
              {file.PageSizes.map((size, pageIndex) => {
                const pageNumber = pageIndex + 1;
                return (
                  <PdfPage
                    key={pageNumber}
                    domId={pageDomId(fileIndex, pageNumber)}
                    source={source}
                    pageNumber={pageNumber}
                    pageCount={file.PageCount}
                    size={size}
                    widthPx={renderedPageWidth(size, containerWidth - sidePadding, zoom)}
                    fields={fieldsByPage.get(`${fileIndex}:${pageNumber}`) ?? noFields}
                    slots={slots}
                    values={values}
                    onChange={onChange}
                    onSign={onSign}
                    onRendered={(page, hasFailed) => onPageRendered?.(fileIndex, page, hasFailed)}
                    isReadOnly={isReadOnly}
                  />
                );
              })}
            </Box>
          );
        })}
      </Box>
    </NearViewportContext.Provider>
  );
}

/** Zoom buttons: sharper than a pinch, which only magnifies the drawn pixels, and reachable by keyboard. */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('recipientDocument.zoom.label')}
      sx={{ display: 'flex', flex: '0 0 auto' }}
    >
      <IconButton
        aria-label={t('recipientDocument.zoom.out')}
        disabled={zoom <= minZoom}
        onClick={() => onZoom(clampZoom(zoom - zoomStep))}
      >
        <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1, width: 24 }}>
          −
        </Box>
      </IconButton>
      <IconButton
        aria-label={t('recipientDocument.zoom.in')}
        disabled={zoom >= maxZoom}
        onClick={() => onZoom(clampZoom(zoom + zoomStep))}
      >
        <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1, width: 24 }}>
          +
        </Box>
      </IconButton>
    </Paper>
  );
}
