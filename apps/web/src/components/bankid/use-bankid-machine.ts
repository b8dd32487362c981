import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  type BankIdApi,
  type BankIdDevice,
  type BankIdDialogPurpose,
  BankIdMachine,
  type BankIdState,
} from './bankid-machine.ts';
import { useBankIdApi } from './use-bankid-api.ts';

const noSubscription = () => () => undefined;

/**
 * One machine per mounted dialog, made in an effect so StrictMode's trial unmount disposes (and cancels) nothing the
 * real mount uses. Returning to the page re-checks the order (SPEC section 4).
 */
export function useBankIdMachine(
  purpose: BankIdDialogPurpose,
  device: BankIdDevice,
  orgNumber?: string,
  customApi?: BankIdApi,
) {
  const appApi = useBankIdApi(orgNumber);
  const api = customApi ?? appApi;
  const [machine, setMachine] = useState<BankIdMachine | null>(null);
  useEffect(() => {
    const created = new BankIdMachine({ api, purpose, device });
    setMachine(created);
    return () => created.dispose();
  }, [api, purpose, device]);

  const subscribe = useCallback(
    (listener: () => void) => (machine ? machine.subscribe(listener) : noSubscription()),
    [machine],
  );
  const getSnapshot = useCallback((): BankIdState | null => machine?.getState() ?? null, [machine]);
  const state = useSyncExternalStore(subscribe, getSnapshot);

  useEffect(() => {
    if (!machine) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') machine.recheck();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [machine]);

  return { machine, state };
}
