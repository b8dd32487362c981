import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client.ts';
import { followUserLanguage } from '../i18n/follow-user-language.ts';
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
  // The whole app speaks the signed-in user's language; a document link's page speaks the document's.
  const stopFollowing = followUserLanguage(base.session, base.i18n);
  const dispose = () => {
    stopFollowing();
    base.dispose();
  };
  return { ...base, queryClient, dispose };
}
