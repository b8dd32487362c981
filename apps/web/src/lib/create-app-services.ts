import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client.ts';
import { type AppServicesInput, type BaseServices, createBaseServices } from './create-base-services.ts';

export type { AppServicesInput } from './create-base-services.ts';

/** Everything the whole app shares, built once at start-up (and by tests, with their own window and API base). */
export interface AppServices extends BaseServices {
  queryClient: QueryClient;
}

export function createAppServices(input: AppServicesInput): AppServices {
  let queryClient: QueryClient | undefined;
  // Active screens load again, now for the other account.
  const base = createBaseServices(input, () => void queryClient?.resetQueries());
  queryClient = createQueryClient(base.authStore);
  return { ...base, queryClient };
}
