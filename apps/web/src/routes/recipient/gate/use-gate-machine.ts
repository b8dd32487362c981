import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { type GateApi, GateMachine, type GateState } from './gate-machine.ts';

const noSubscription = () => () => undefined;

/**
 * One gate machine per link, made in an effect so StrictMode's trial unmount disposes nothing the real mount uses;
 * it starts loading the link's details at once.
 */
export function useGateMachine(api: GateApi, isInternetExplorer: boolean) {
  const [machine, setMachine] = useState<GateMachine | null>(null);
  useEffect(() => {
    const created = new GateMachine({ api, isInternetExplorer });
    setMachine(created);
    void created.start();
    return () => created.dispose();
  }, [api, isInternetExplorer]);

  const subscribe = useCallback(
    (listener: () => void) => (machine ? machine.subscribe(listener) : noSubscription()),
    [machine],
  );
  const getSnapshot = useCallback((): GateState | null => machine?.getState() ?? null, [machine]);
  const state = useSyncExternalStore(subscribe, getSnapshot);
  return { machine, state };
}
