import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { ApiClient } from './api-client.ts';
import type { AuthStore } from './auth-store.ts';

interface ApiContextValue {
  client: ApiClient;
  authStore: AuthStore;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ client, authStore, children }: ApiContextValue & { children: ReactNode }) {
  return <ApiContext.Provider value={{ client, authStore }}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApiClient needs an <ApiProvider> above it');
  return value;
}

export function useApiClient(): ApiClient {
  return useApiContext().client;
}

/** The session's token store, for what must follow logins and logouts itself (a query cache). */
export function useAuthStore(): AuthStore {
  return useApiContext().authStore;
}

/** The current access token, re-rendering on login and logout. */
export function useAuthToken(): string | null {
  const { authStore } = useApiContext();
  return useSyncExternalStore(authStore.subscribe, authStore.getToken);
}
