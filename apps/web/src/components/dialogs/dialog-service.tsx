import { lazy, type ReactNode } from 'react';
import type { ApiDialogs } from '../../api/api-client.ts';
import type { ApiError } from '../../api/api-error.ts';
import type { ConfirmOptions } from './confirm-dialog.tsx';
import type { DialogStore } from './dialog-store.ts';
import type { ErrorDialogOptions } from './error-dialog.tsx';
import type { InfoOptions } from './info-dialog.tsx';
import type { PersistentOptions } from './persistent-dialog.tsx';

// Every page has the service, few open a dialog (mostly on a failure): each dialog's code, with MUI's modal and the
// info dialog's HTML sanitiser, is fetched when it first opens (dialog-host.tsx waits for it), not with the page.
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));
const InfoDialog = lazy(() => import('./info-dialog.tsx').then((m) => ({ default: m.InfoDialog })));
const PersistentDialog = lazy(() => import('./persistent-dialog.tsx').then((m) => ({ default: m.PersistentDialog })));
const ErrorDialog = lazy(() => import('./error-dialog.tsx').then((m) => ({ default: m.ErrorDialog })));
const RetryDialog = lazy(() => import('./retry-dialog.tsx').then((m) => ({ default: m.RetryDialog })));
const LoggedOutDialog = lazy(() => import('./logged-out-dialog.tsx').then((m) => ({ default: m.LoggedOutDialog })));

/** The shared dialogs of SPEC section 2, as promises: any code can ask and await the answer. */
export interface DialogService {
  confirm(options: ConfirmOptions): Promise<boolean>;
  info(options: InfoOptions): Promise<void>;
  /** Returns the function that closes it; the user cannot. */
  persistent(options: PersistentOptions): () => void;
  error(options: ErrorDialogOptions): Promise<void>;
  retry(error: ApiError): Promise<boolean>;
  loggedOut(): Promise<void>;
}

export function createDialogService(store: DialogStore): DialogService {
  /** Opens a dialog that settles a promise with its answer and closes itself. */
  function ask<T>(render: (answer: (value: T) => void) => ReactNode): Promise<T> {
    return new Promise<T>((resolve) => {
      store.show((close) =>
        render((value) => {
          close();
          resolve(value);
        }),
      );
    });
  }
  return {
    confirm: (options) => ask<boolean>((answer) => <ConfirmDialog {...options} onAnswer={answer} />),
    info: (options) => ask<void>((answer) => <InfoDialog {...options} onClose={() => answer()} />),
    persistent: (options) => store.show(() => <PersistentDialog {...options} />),
    error: (options) => ask<void>((answer) => <ErrorDialog {...options} onClose={() => answer()} />),
    retry: (error) => ask<boolean>((answer) => <RetryDialog error={error} onAnswer={answer} />),
    loggedOut: () => ask<void>((answer) => <LoggedOutDialog onClose={() => answer()} />),
  };
}

/** What the API client needs, answered with the shared dialogs. */
export function apiDialogsFrom(dialogs: DialogService): ApiDialogs {
  return {
    askRetry: (error) => dialogs.retry(error),
    showError: (error) => void dialogs.error({ messageKey: error.messageKey, requestId: error.requestId }),
    showLoggedOut: () => void dialogs.loggedOut(),
  };
}
