import { QueryClient } from '@tanstack/react-query';
import type { AuthStore } from './auth-store.ts';

/**
 * The API client already makes SPEC section 7's one extra try and opens the dialogs, so TanStack Query must not
 * retry on top of it. Logging out drops every cached answer: the next user must not see the last one's data.
 */
export function createQueryClient(authStore: AuthStore): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  authStore.subscribe(() => {
    if (authStore.getToken() === null) queryClient.clear();
  });
  return queryClient;
}
