import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/**
 * A number typed in full before it counts: taken on Enter or on leaving the field, so "120" is not applied as 1,
 * then 12 (each clamped to the page) on the way.
 */
export function NumberField({
  label,
  value,
  onCommit,
  min,
  step = 1,
}: {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  min?: number;
  step?: number;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const parsed = Number(draft.replace(',', '.'));
    if (draft.trim() === '' || !Number.isFinite(parsed)) setDraft(String(value));
    else if (parsed !== value) onCommit(parsed);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', min, step } }}
    />
  );
}
