import Box from '@mui/material/Box';
import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { memo, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNearViewport } from '../../../lib/use-near-viewport.ts';
import { FieldInput } from './field-input.tsx';
import {
  type CssRect,
  fieldRect,
  hasRoomAbove,
  type PageSize,
  renderedPageHeight,
  touchableRect,
} from './field-layout.ts';
import type { DocumentField, FieldValue, FormValues } from './next-field.ts';
import { fieldKey, isEditableField } from './next-field.ts';
import { useRecipientPageCanvas } from './page-canvas-context.tsx';
import type { PdfSource } from './pdf-source.ts';

interface PdfPageProps {
  /** page-dom-id.ts: what a link to the page scrolls to. */
  domId: string;
  source: PdfSource;
  pageNumber: number;
  pageCount: number;
  size: PageSize;
  widthPx: number;
  fields: readonly DocumentField[];
  slots: readonly LinkSignatureSlot[];
  values: FormValues;
  onChange: (field: DocumentField, value: FieldValue) => void;
  onSign: (signatureIndex: number) => void;
  onRendered?: (pageNumber: number, hasFailed: boolean) => void;
  /** A submitted or shared form: nothing can change any more. */
  isReadOnly?: boolean;
}

/**
 * One page at its on-screen size from PageSizes, so the document is as tall as it will be before anything is drawn;
 * pdf.js draws it only near the viewport (the first page at once), the fields always (they are light).
 */
export const PdfPage = memo(function PdfPage(props: PdfPageProps) {
  const { domId, source, pageNumber, pageCount, size, widthPx, fields, slots, values, onChange, onSign, onRendered } =
    props;
  const isReadOnly = Boolean(props.isReadOnly);
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useIsNearViewport(ref, pageNumber <= 2);
  const PageCanvas = useRecipientPageCanvas();
  // Where each field is drawn, so a caption goes above only where it covers no other field.
  const drawn = fields.map((field) => touchableRect(fieldRect(field, size, widthPx)));
  return (
    <Box
      ref={ref}
      id={domId}
      // Focusable from code only: a link to the page moves the reading position here.
      tabIndex={-1}
      role="group"
      aria-label={t('recipientDocument.page', { page: pageNumber, count: pageCount })}
      data-page={pageNumber}
      sx={{
        position: 'relative',
        width: widthPx,
        height: renderedPageHeight(size, widthPx),
        mx: 'auto',
        mb: 2,
        bgcolor: 'common.white',
        boxShadow: 2,
      }}
    >
      {(isNear || pageNumber === 1) && (
        <Suspense fallback={null}>
          <PageCanvas source={source} pageNumber={pageNumber} widthPx={widthPx} onRendered={onRendered} />
        </Suspense>
      )}
      {fields.map((field, index) => (
        <FieldInput
          key={field.id}
          field={field}
          rect={fieldRect(field, size, widthPx)}
          hasRoomAbove={hasRoomAbove(drawn[index] as CssRect, drawn)}
          slot={slots.find((slot) => slot.index === field.signatureIndex)}
          isEditable={!isReadOnly && isEditableField(field, slots)}
          value={values[fieldKey(field)]}
          onChange={onChange}
          onSign={onSign}
        />
      ))}
    </Box>
  );
});
