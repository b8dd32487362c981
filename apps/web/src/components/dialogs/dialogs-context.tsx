import { createContext, useContext } from 'react';
import type { DialogService } from './dialog-service.tsx';

const DialogsContext = createContext<DialogService | null>(null);

export const DialogsProvider = DialogsContext.Provider;

export function useDialogs(): DialogService {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a <DialogsProvider> above it');
  return dialogs;
}
