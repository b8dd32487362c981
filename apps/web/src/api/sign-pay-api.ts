import { fillPath } from '@signlink/contracts/http/route-contract';
import type { StartOnboardingRequest } from '@signlink/contracts/sign-pay/payee-account';
import type { CreatePaymentProductRequest } from '@signlink/contracts/sign-pay/payment-products';
import {
  createPaymentProductRoute,
  findDefaultTaxCodeRoute,
  findPayeeAccountRoute,
  findPaymentProductRoute,
  listPaymentProductsRoute,
  startPayeeOnboardingRoute,
} from '@signlink/contracts/sign-pay/sign-pay.routes';
import type { ApiClient } from './api-client.ts';
import { useApiQuery } from './use-api-query.ts';

/**
 * Sign & Pay's sender calls (SPEC section 7 "Get paid"): the account's payment products and its own Stripe account.
 * Failures are the caller's to show (`silent`), at the form or section that asked.
 */
export const paymentProductsPath = fillPath(listPaymentProductsRoute.path, {});
/** Remembering a tax code changes the default the next product starts from. */
export const defaultTaxCodePath = fillPath(findDefaultTaxCodeRoute.path, {});

export function createSignPayApi(client: ApiClient) {
  return {
    createProduct: (body: CreatePaymentProductRequest) =>
      client.api(createPaymentProductRoute, { body }, { silent: true }),
    /** Stripe's onboarding page; a repeat would make no second account, but the caller leaves the app right after. */
    startOnboarding: (body: StartOnboardingRequest) =>
      client.api(startPayeeOnboardingRoute, { body }, { silent: true, extraTries: 0 }),
  };
}

export function usePaymentProducts() {
  return useApiQuery(listPaymentProductsRoute, {}, { silent: true });
}

export function usePaymentProduct(id: string | null | undefined) {
  return useApiQuery(
    findPaymentProductRoute,
    { params: { id: id ?? '' } },
    { silent: true },
    { enabled: Boolean(id), retry: false },
  );
}

export function useDefaultTaxCode() {
  return useApiQuery(findDefaultTaxCodeRoute, {}, { silent: true });
}

/** Asked again on each visit: an onboarding finished at Stripe in another tab shows when the sender comes back. */
export function usePayeeAccount() {
  return useApiQuery(findPayeeAccountRoute, {}, { silent: true }, { staleTime: 0 });
}
