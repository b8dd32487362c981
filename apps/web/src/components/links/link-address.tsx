import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';

/**
 * Puts a link's address on the clipboard; false when the browser refuses (clipboard access needs a secure page and
 * the browser's consent), the address then stays selectable in its field.
 */
export async function copyLinkAddress(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/** A link's address, read-only and selected whole on focus so it can be copied by hand. */
export function LinkAddressField({ label, url }: { label: string; url: string }) {
  return (
    <TextField
      label={label}
      value={url}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: {
          readOnly: true,
          onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
        },
      }}
    />
  );
}

/** A link's address with its copy button beside it (below it on a phone). */
export function LinkAddressWithCopy({
  label,
  url,
  copyLabel,
  copyAccessibleName,
  onCopy,
}: {
  label: string;
  url: string;
  copyLabel: string;
  /** Names the link too, as a list shows one copy button per link. */
  copyAccessibleName: string;
  onCopy: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <LinkAddressField label={label} url={url} />
      <Button
        variant="outlined"
        onClick={onCopy}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        aria-label={copyAccessibleName}
      >
        {copyLabel}
      </Button>
    </Stack>
  );
}
