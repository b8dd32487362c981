import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Material's "delete" glyph drawn inline, as document-icons.tsx draws its own: no icon package for one shape. */
export function DeleteIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />
    </SvgIcon>
  );
}
