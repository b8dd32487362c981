import { useSyncExternalStore } from 'react';
import { type HashLocation, parseHashLocation } from './hash-location.ts';

// Apart from hash-location.ts, which the entry (main.tsx) reads: that stays free of React, so the entry runs, and
// starts a document link's calls, without waiting for React's chunk.

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const readHash = () => window.location.hash;

/** The hash route for screens drawn without the router (the recipient's page), following every change. */
export function useHashLocation(): HashLocation {
  return parseHashLocation(useSyncExternalStore(subscribe, readHash));
}
