import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type Dispatch, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../api/session-context.tsx';
import { checkSenderParty } from '../sign-and-send-mode.ts';
import type { EditorAction, EditorState } from './editor-state.ts';

/**
 * Sign and send (issue 24, part 5): the sender is the first party. A draft without one, or whose first party has no
 * address yet, gets the sender's name and e-mail at once; a first party that is someone else is the sender's call.
 */
export function SenderPartyNotice({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const { t } = useTranslation();
  const user = useSignedInUser()?.user;
  const check = checkSenderParty(state.parties, user?.Email);
  const me = { Name: user?.Name ?? '', Email: user?.Email ?? '', InvitationMethod: 'email' as const };

  const email = user?.Email;
  const name = user?.Name ?? '';
  const emptyIndex = check.kind === 'empty' ? check.signatureIndex : null;
  const emptyName = state.parties.find((party) => party.SignatureIndex === emptyIndex)?.Name.trim() ?? '';
  // Each fill makes the first party the sender, so it runs once; without an address there is nothing to fill.
  useEffect(() => {
    if (!email) return;
    if (check.kind === 'missing') {
      dispatch({ type: 'add-party', name });
      dispatch({ type: 'update-party', signatureIndex: 0, changes: { Email: email } });
    } else if (emptyIndex !== null) {
      dispatch({
        type: 'update-party',
        signatureIndex: emptyIndex,
        changes: { Name: emptyName || name, Email: email, InvitationMethod: 'email' },
      });
    }
  }, [check.kind, emptyIndex, emptyName, email, name, dispatch]);

  if (!email) return <Alert severity="warning">{t('signAndSend.needsEmail')}</Alert>;
  if (check.kind === 'other') {
    return (
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => dispatch({ type: 'update-party', signatureIndex: check.signatureIndex, changes: me })}
          >
            {t('signAndSend.useMyDetails')}
          </Button>
        }
      >
        {t('signAndSend.firstPartyNotYou')}
      </Alert>
    );
  }
  return <Alert severity="info">{t('signAndSend.youSignFirst')}</Alert>;
}
