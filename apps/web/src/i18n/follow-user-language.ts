import type { i18n } from 'i18next';
import type { Session } from '../api/session.ts';
import { currentLocale } from './create-app-i18n.ts';

/**
 * A signed-in user's language is saved on their account (the header's switch and the preferences page save it;
 * their e-mails and texts follow it), so it is theirs on any browser: when they log in, and when the app loads for
 * a kept session, the app switches to it. A session renewed or moved to another account keeps the screen as it is.
 */
export function followUserLanguage(session: Session, instance: i18n): () => void {
  let wasSignedIn = session.getState().status === 'signedIn';
  return session.subscribe(() => {
    const state = session.getState();
    const isSignedIn = state.status === 'signedIn';
    if (isSignedIn && !wasSignedIn && currentLocale(instance) !== state.auth.user.Language) {
      void instance.changeLanguage(state.auth.user.Language);
    }
    wasSignedIn = isSignedIn;
  });
}
