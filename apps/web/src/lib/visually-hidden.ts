/**
 * Read by screen readers, not drawn: MUI's visually hidden style (clip, 1 px) as an `sx` value, without depending on
 * its utils package. The negative margin keeps the 1 px box from nudging a line's layout.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: -0.125,
} as const;
