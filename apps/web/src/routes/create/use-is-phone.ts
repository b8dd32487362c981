import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

/**
 * SPEC section 2: "Mobile is not supported for creating documents". A screen narrower than 900 px (MUI's md) or
 * a touch screen as the main pointer cannot place fields by drag with any precision, so it gets the message.
 */
export const phoneMediaQuery = '(max-width: 899.95px), (pointer: coarse)';

/**
 * Whether to show the phone's message instead of the screen. Once the screen has shown on a computer it stays: a
 * window narrowed for a moment (or Chromium's full-page capture, which resizes it to 1×1 and back) must not unmount
 * the editor and lose its open dialog and unsaved place. A phone turned or a window widened still gets the screen.
 */
export function useIsPhone(): boolean {
  // Read at once (noSsr): the editor must not start loading pdf.js on a phone before the query answers.
  const matches = useMediaQuery(phoneMediaQuery, { noSsr: true });
  const [hasShownOnComputer, setHasShownOnComputer] = useState(!matches);
  if (!matches && !hasShownOnComputer) setHasShownOnComputer(true);
  return matches && !hasShownOnComputer;
}
