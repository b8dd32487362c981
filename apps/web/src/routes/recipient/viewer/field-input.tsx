import Box from '@mui/material/Box';
import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CssRect, fieldFontSize } from './field-layout.ts';
import type { DocumentField, FieldValue } from './next-field.ts';

/** The DOM id of a field's control, for the guided flow's scroll and focus. */
export function fieldDomId(field: Pick<DocumentField, 'fileIndex' | 'id'>): string {
  return `recipient-field-${field.fileIndex}-${field.id}`;
}

interface FieldInputProps {
  field: DocumentField;
  rect: CssRect;
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

/**
 * One field over the page as a real control (issue 8 part 5): an input the keyboard and screen readers reach in
 * reading order, named by the sender's label, required ones marked with an asterisk and aria-required.
 */
export const FieldInput = memo(function FieldInput(props: FieldInputProps) {
  const { field, rect, slot, isEditable, value, onChange, onSign } = props;
  const { t } = useTranslation();
  const label = field.label?.trim() || t(typeLabelKeys[field.type]);
  const fontSize = fieldFontSize(rect.height);
  const position = { position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  const id = fieldDomId(field);
  // Only where the person still fills in: on a signed or someone else's slot the asterisk asks for nothing.
  const marker = field.required && isEditable && field.type !== 'signature' && (
    <Box
      component="span"
      aria-hidden
      sx={{ position: 'absolute', top: -2, right: 2, color: 'error.main', fontWeight: 700, lineHeight: 1 }}
    >
      *
    </Box>
  );

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
    'aria-label': label,
    'aria-required': field.required || undefined,
    readOnly: !isEditable,
    'aria-readonly': !isEditable || undefined,
    title: label,
  };
  const inputSx = {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    m: 0,
    px: 0.5,
    py: 0,
    fontSize,
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
        {marker}
      </Box>
    );
  }

  const shownValue =
    field.type === 'name-clarification' ? (slot?.clarifiedName ?? '') : typeof value === 'string' ? value : '';
  return (
    <Box sx={position}>
      <Box
        component="input"
        type={field.type === 'date' ? 'date' : 'text'}
        {...shared}
        required={field.required && isEditable}
        value={shownValue}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
        sx={inputSx}
      />
      {marker}
    </Box>
  );
});
