import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * SPEC section 2: "Mobile is not supported for creating documents". A screen narrower than 900 px (MUI's md) or
 * a touch screen as the main pointer cannot place fields by drag with any precision, so it gets the message.
 */
export const phoneMediaQuery = '(max-width: 899.95px), (pointer: coarse)';

export function useIsPhone(): boolean {
  // Read at once (noSsr): the editor must not start loading pdf.js on a phone before the query answers.
  return useMediaQuery(phoneMediaQuery, { noSsr: true });
}
