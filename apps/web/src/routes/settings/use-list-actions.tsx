import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/** What a change on a settings list did: a line that confirms it, or the failure with the reason. */
type ActionResult = { notice: string } | { failure: unknown };

/**
 * The changes a settings list makes (remind, revoke, remove, change role): each runs, says what it did or why it
 * failed, and reloads the list from `listPath` so it shows what the server now holds. `initialNotice` is a line a
 * wizard elsewhere sent along (the user menu's invite dialogs).
 */
export function useListActions(listPath: string, initialNotice: string | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ActionResult | null>(initialNotice ? { notice: initialNotice } : null);

  const act = async (change: () => Promise<unknown>, notice: string) => {
    setResult(null);
    try {
      await change();
      setResult({ notice });
    } catch (failure) {
      setResult({ failure });
    }
    await queryClient.invalidateQueries({ queryKey: ['api', listPath] });
  };

  const failure = result && 'failure' in result ? result.failure : null;
  // An invitation's e-mail goes at most once an hour: the server's 429 is said as that rule.
  const isRemindTooSoon = failure instanceof ApiError && failure.code === 'RATE_LIMITED';
  const feedback = (
    <>
      {result && 'notice' in result && (
        <Alert severity="success" role="status" onClose={() => setResult(null)}>
          {result.notice}
        </Alert>
      )}
      {isRemindTooSoon ? (
        <FormError>{t('users.remindTooSoon')}</FormError>
      ) : (
        failure !== null && <FormError error={failure} />
      )}
    </>
  );
  return { act, feedback };
}
