import Box from '@mui/material/Box';
import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { type CssRect, fieldFontSize, touchableRect } from './field-layout.ts';
import type { DocumentField, FieldValue } from './next-field.ts';

/** The DOM id of a field's control, for the guided flow's scroll and focus. */
export function fieldDomId(field: Pick<DocumentField, 'fileIndex' | 'id'>): string {
  return `recipient-field-${field.fileIndex}-${field.id}`;
}

interface FieldInputProps {
  field: DocumentField;
  rect: CssRect;
  /** A caption fits above without covering another field; else an empty field shows its label inside. */
  hasRoomAbove?: boolean;
  slot: LinkSignatureSlot | undefined;
  isEditable: boolean;
  value: FieldValue | undefined;
  onChange: (field: DocumentField, value: FieldValue) => void;
  onSign: (signatureIndex: number) => void;
}

const typeLabelKeys = {
  text: 'recipientDocument.field.text',
  date: 'recipientDocument.field.date',
  checkbox: 'recipientDocument.field.checkbox',
  'name-clarification': 'recipientDocument.field.nameClarification',
  signature: 'recipientDocument.field.signature',
} as const;

/** A caption's text size: readable on a phone beside the page's own text, whatever the field's height. */
const captionFontSize = 13;

/**
 * The field's label, shown where it is (above a box, beside a checkbox) rather than only as a tooltip: the name the
 * sender gave or the field's type, a required one marked with an asterisk while the person still fills it in. It is
 * the input's <label>, so the accessible name is the visible text. A field the person cannot change keeps it for
 * screen readers only: its value (or the page's own print) says what it is, and forms with fields a line apart would
 * otherwise bury one value under the next field's caption.
 */
function FieldCaption(props: {
  htmlFor: string;
  text: string;
  isMarked: boolean;
  isBeside: boolean;
  isShown: boolean;
}) {
  const { htmlFor, text, isMarked, isBeside, isShown } = props;
  if (!isShown) {
    return (
      <Box component="label" htmlFor={htmlFor} sx={visuallyHidden}>
        {text}
      </Box>
    );
  }
  const placement = isBeside
    ? { left: 'calc(100% + 4px)', top: '50%', transform: 'translateY(-50%)' }
    : { left: 0, bottom: '100%' };
  return (
    <Box
      component="label"
      htmlFor={htmlFor}
      sx={{
        position: 'absolute',
        ...placement,
        maxWidth: isBeside ? 220 : 'max(100%, 160px)',
        px: 0.5,
        fontSize: captionFontSize,
        lineHeight: 1.3,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        color: 'text.primary',
        // Over the page's own print: a light backing keeps it legible without hiding the line it sits on.
        bgcolor: 'rgba(255,255,255,0.88)',
        borderRadius: 0.5,
        cursor: 'default',
      }}
    >
      {text}
      {isMarked && (
        <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 700, ml: 0.25 }}>
          *
        </Box>
      )}
    </Box>
  );
}

/**
 * One field over the page as a real control (issue 8 part 5): an input the keyboard and screen readers reach in
 * reading order, labelled by the sender's label shown beside it, required ones marked with an asterisk and
 * aria-required. On screen it is at least 24 px each way, and a phone edits at 16 px, so focusing does not zoom.
 */
export const FieldInput = memo(function FieldInput(props: FieldInputProps) {
  const { field, slot, isEditable, value, onChange, onSign } = props;
  const { t } = useTranslation();
  const label = field.label?.trim() || t(typeLabelKeys[field.type]);
  const rect = touchableRect(props.rect);
  const fontSize = fieldFontSize(rect.height);
  const position = { position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  const id = fieldDomId(field);
  // Only where the person still fills in: on a signed or someone else's slot the asterisk asks for nothing.
  const isMarked = Boolean(field.required && isEditable);

  if (field.type === 'signature') {
    const isMine = Boolean(slot?.access);
    const isSigned = Boolean(slot?.signed);
    const text = isSigned
      ? t('recipientDocument.field.signed')
      : isMine
        ? t('recipientDocument.field.signHere')
        : (slot?.label ?? label);
    return (
      <Box
        component="button"
        type="button"
        id={id}
        data-field-id={field.id}
        disabled={!isMine || isSigned}
        aria-label={
          isMine && !isSigned ? t('recipientDocument.field.signHereFor', { label: slot?.label ?? label }) : undefined
        }
        onClick={() => onSign(field.signatureIndex)}
        sx={{
          ...position,
          fontSize,
          font: 'inherit',
          p: 0.25,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          borderRadius: 1,
          cursor: isMine && !isSigned ? 'pointer' : 'default',
          border: '2px solid',
          borderColor: isSigned ? 'success.main' : isMine ? 'primary.main' : 'divider',
          bgcolor: isSigned ? 'rgba(46,125,50,0.10)' : isMine ? 'rgba(255,236,153,0.85)' : 'rgba(0,0,0,0.04)',
          color: isSigned ? 'success.dark' : isMine ? 'primary.dark' : 'text.secondary',
          fontWeight: isMine ? 600 : 400,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box component="span" sx={{ fontSize }}>
          {isSigned ? `✓ ${text}` : text}
        </Box>
      </Box>
    );
  }

  const hasValue =
    field.type === 'name-clarification' ? Boolean(slot?.clarifiedName) : typeof value === 'string' && value !== '';
  const shared = {
    id,
    'data-field-id': field.id,
    'aria-required': field.required || undefined,
    readOnly: !isEditable,
    'aria-readonly': !isEditable || undefined,
  };
  // A date input shows no placeholder: its caption goes above even where it is tight.
  const isInside = isEditable && props.hasRoomAbove === false && field.type !== 'date';
  const caption = (isBeside: boolean) => (
    <FieldCaption
      htmlFor={id}
      text={label}
      isMarked={isMarked}
      isBeside={isBeside}
      isShown={isEditable && (isBeside || !isInside)}
    />
  );
  const inputSx = {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    m: 0,
    px: 0.5,
    py: 0,
    // Editing at 16 px on a phone or tablet: iOS zooms into a focused input whose text is smaller. A value that can
    // no longer change is drawn at the field's own scale, as it will be stamped, so it fits where it goes.
    ...(isEditable
      ? { fontSize: { xs: 16, sm: fontSize }, '@media (pointer: coarse)': { fontSize: 16 } }
      : { fontSize: fieldFontSize(props.rect.height) }),
    fontFamily: 'inherit',
    border: '1px solid',
    borderColor: isEditable ? 'primary.main' : 'transparent',
    borderRadius: 0.5,
    // A value this person cannot change any more (a signed slot's) stays legible over the page's text.
    bgcolor: isEditable ? 'rgba(232,240,254,0.92)' : hasValue ? 'rgba(255,255,255,0.9)' : 'transparent',
    color: 'text.primary',
    '&:focus': { outline: '2px solid', outlineColor: 'primary.main', bgcolor: 'common.white' },
  };

  if (field.type === 'checkbox') {
    return (
      <Box sx={{ ...position, display: 'grid', placeItems: 'center' }}>
        <Box
          component="input"
          type="checkbox"
          {...shared}
          disabled={!isEditable}
          checked={value === true}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.checked)}
          sx={{ width: '100%', height: '100%', m: 0, accentColor: 'var(--mui-palette-primary-main, #1565c0)' }}
        />
        {caption(true)}
      </Box>
    );
  }

  const shownValue =
    field.type === 'name-clarification' ? (slot?.clarifiedName ?? '') : typeof value === 'string' ? value : '';
  return (
    <Box sx={position}>
      <Box
        component="input"
        // A date to pick while editable; afterwards the text that is stamped, not the browser's locale format.
        type={field.type === 'date' && isEditable ? 'date' : 'text'}
        {...shared}
        required={field.required && isEditable}
        placeholder={isInside ? `${label}${isMarked ? ' *' : ''}` : undefined}
        value={shownValue}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
        sx={inputSx}
      />
      {caption(false)}
    </Box>
  );
});
