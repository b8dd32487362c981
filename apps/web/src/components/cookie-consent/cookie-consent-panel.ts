import { useSyncExternalStore } from 'react';

/**
 * Which cookie dialog is open, outside React's tree: the footer, the settings screen, the banner and the privacy
 * dialog open them, while the frame's root (CookieConsentHost) draws them.
 */
export type CookiePanel = 'settings' | 'privacy' | null;

/** The sender of the document shown (recipient side): the privacy centre offers their own policy too. */
export interface PrivacyOwner {
  privacyUrl: string | null;
  companyName: string;
}

interface PanelState {
  panel: CookiePanel;
  owner: PrivacyOwner | null;
}

let state: PanelState = { panel: null, owner: null };
const listeners = new Set<() => void>();

function update(next: Partial<PanelState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const openCookieSettings = () => update({ panel: 'settings' });
export const openPrivacyCentre = () => update({ panel: 'privacy' });
export const closeCookiePanel = () => update({ panel: null });
export const setPrivacyOwner = (owner: PrivacyOwner | null) => update({ owner });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCookiePanel(): PanelState {
  return useSyncExternalStore(subscribe, () => state);
}
