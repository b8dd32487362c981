import Box from '@mui/material/Box';
import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { type KeyboardEvent, memo, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from './editor-state.ts';
import { partyColorOf } from './party-colors.ts';

/** Keyboard nudging (issue 6 part 2): an arrow moves the selected field 1 pt, with Shift 10 pt. */
const nudgeOf: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface FieldBoxProps {
  field: PlacedField;
  zoom: number;
  partyName: string;
  isSelected: boolean;
  dispatch: (action: EditorAction) => void;
  newId: () => string;
}

/** A placed field over the page: drag to move, the corner to resize, arrows to nudge, Delete to remove. */
export const FieldBox = memo(function FieldBox({ field, zoom, partyName, isSelected, dispatch, newId }: FieldBoxProps) {
  const { t } = useTranslation();
  const drag = useRef<{ kind: 'move' | 'resize'; startX: number; startY: number; field: PlacedField } | null>(null);
  const color = partyColorOf(field.signatureIndex);
  const typeName = t(`editor.fieldTypes.${field.type}`);

  const startDrag = (kind: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind, startX: event.clientX, startY: event.clientY, field };
    dispatch({ type: 'select-field', id: field.id });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    // Screen pixels to points; the reducer snaps from where the drag began, so snapping never accumulates.
    const dx = (event.clientX - current.startX) / zoom;
    const dy = (event.clientY - current.startY) / zoom;
    if (current.kind === 'move') {
      dispatch({ type: 'move-field', id: field.id, x: current.field.x + dx, y: current.field.y + dy });
    } else {
      const { width, height } = current.field;
      dispatch({ type: 'resize-field', id: field.id, width: width + dx, height: height + dy });
    }
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const nudge = nudgeOf[event.key];
    const step = event.shiftKey ? 10 : 1;
    if (nudge) {
      dispatch({ type: 'nudge-field', id: field.id, dx: nudge[0] * step, dy: nudge[1] * step });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      dispatch({ type: 'delete-field', id: field.id });
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      dispatch({ type: 'duplicate-field', id: field.id, newId: newId() });
    } else if (event.key === 'Escape') {
      dispatch({ type: 'select-field', id: null });
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <Box
      role="button"
      tabIndex={0}
      aria-pressed={isSelected}
      aria-label={t('editor.field.label', { type: typeName, party: partyName, page: field.page })}
      data-field-id={field.id}
      onPointerDown={startDrag('move')}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onFocus={() => !isSelected && dispatch({ type: 'select-field', id: field.id })}
      sx={{
        position: 'absolute',
        left: field.x * zoom,
        top: field.y * zoom,
        width: field.width * zoom,
        height: field.height * zoom,
        border: 2,
        borderStyle: field.pdfFieldName ? 'dashed' : 'solid',
        borderColor: color,
        bgcolor: `${color}22`,
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
        overflow: 'hidden',
        outline: isSelected ? `2px solid ${color}` : 'none',
        outlineOffset: 2,
        zIndex: isSelected ? 2 : 1,
        '&:focus-visible': { outline: `3px solid ${color}` },
      }}
    >
      <Box
        component="span"
        sx={{ px: 0.5, fontSize: 11, lineHeight: '14px', color, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {field.label || typeName}
        {field.required && field.type !== 'signature' ? ' *' : ''}
      </Box>
      {isSelected && (
        <Box
          aria-hidden
          data-resize-handle
          onPointerDown={startDrag('resize')}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          sx={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: 10,
            height: 10,
            bgcolor: color,
            cursor: 'nwse-resize',
          }}
        />
      )}
    </Box>
  );
});
