import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { FormError } from '../forms/form-error.tsx';

/** What the last action on a list did: a line that confirms it, or the failure with the catalogue's reason. */
export type ActionResult = { notice: string; severity?: 'success' | 'warning' } | { failure: unknown };

/**
 * The top of a list of links: the last action's result (closable), then the list's own loading or failure. A
 * fragment, so each piece takes its place in the caller's stack.
 */
export function ActionResultStatus({
  result,
  onClose,
  list,
}: {
  result: ActionResult | null;
  onClose: () => void;
  list: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  return (
    <>
      {result && 'notice' in result && (
        <Alert severity={result.severity ?? 'success'} role="status" onClose={onClose}>
          {result.notice}
        </Alert>
      )}
      {result && 'failure' in result && <FormError error={result.failure} />}
      {list.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {list.isError && <FormError error={list.error} />}
    </>
  );
}
