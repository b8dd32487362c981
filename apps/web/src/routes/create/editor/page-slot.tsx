import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldType, PlacedField } from '@signlink/contracts/documents/document-model';
import { type DragEvent, memo, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNearViewport } from '../../../lib/use-near-viewport.ts';
import type { EditorAction } from './editor-state.ts';
import { FieldBox } from './field-box.tsx';
import { defaultFieldSizes, type PageSize } from './field-geometry.ts';
import { usePageCanvas } from './page-canvas-context.tsx';

/** The drag payload of a palette item: the field type. */
export const fieldDragType = 'application/x-signlink-field';

interface PageSlotProps {
  pageNumber: number;
  pageCount: number;
  size: PageSize;
  zoom: number;
  contentUrl: string;
  fields: readonly PlacedField[];
  selectedFieldId: string | null;
  partyNames: ReadonlyMap<number, string>;
  dispatch: (action: EditorAction) => void;
  newId: () => string;
}

/**
 * One page at its size in points times the zoom, so the document's height is right before anything is drawn; the
 * page itself is drawn only near the viewport, the fields always (they are light).
 */
export const PageSlot = memo(function PageSlot(props: PageSlotProps) {
  const { pageNumber, size, zoom, contentUrl, fields, selectedFieldId, partyNames, dispatch, newId } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useIsNearViewport(ref, pageNumber <= 2);
  const PageCanvas = usePageCanvas();

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(fieldDragType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const fieldType = event.dataTransfer.getData(fieldDragType) as FieldType;
    if (!(fieldType in defaultFieldSizes)) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const { width, height } = defaultFieldSizes[fieldType];
    // The field's centre where it was let go.
    const x = (event.clientX - rect.left) / zoom - width / 2;
    const y = (event.clientY - rect.top) / zoom - height / 2;
    dispatch({ type: 'add-field', id: newId(), fieldType, page: pageNumber, x, y });
  };

  return (
    <Box sx={{ mx: 'auto', mb: 3, width: size.Width * zoom }}>
      <Box
        ref={ref}
        data-page={pageNumber}
        role="group"
        aria-label={t('editor.pages.page', { page: pageNumber })}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onPointerDown={(event) => {
          // A click on the paper, not on a field, lets go of the selected field.
          if (!(event.target as Element).closest('[data-field-id]')) dispatch({ type: 'select-field', id: null });
        }}
        sx={{
          position: 'relative',
          width: size.Width * zoom,
          height: size.Height * zoom,
          bgcolor: 'common.white',
          boxShadow: 2,
        }}
      >
        {isNear && (
          <Suspense fallback={null}>
            <PageCanvas contentUrl={contentUrl} pageNumber={pageNumber} zoom={zoom} />
          </Suspense>
        )}
        {fields.map((field) => (
          <FieldBox
            key={field.id}
            field={field}
            zoom={zoom}
            partyName={partyNames.get(field.signatureIndex) ?? ''}
            isSelected={field.id === selectedFieldId}
            dispatch={dispatch}
            newId={newId}
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mt: 0.5 }}>
        {t('editor.pages.pageOf', { page: pageNumber, pages: props.pageCount })}
      </Typography>
    </Box>
  );
});
