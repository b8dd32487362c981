import { defineRoute } from '../http/route-contract.ts';
import {
  ZAccountAddress,
  ZCompanyInfo,
  ZCompanyInfoRequest,
  ZDefaultAccessLevel,
  ZUpdateAccountAddress,
} from './account-settings.ts';

/** SPEC section 7 Accounts: billing address, default access level, and the registry lookup for the wizard. */
const tags = ['accounts'];
const callers = ['session'] as const;

export const readAccountAddressRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/address',
  tags,
  callers,
  summary: "The account's billing address",
  responses: { 200: ZAccountAddress },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const updateAccountAddressRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/address',
  tags,
  callers,
  summary: "Change the account's billing address (administrators)",
  body: ZUpdateAccountAddress,
  responses: { 200: ZAccountAddress },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_EMAIL'],
});

export const setDefaultAccessLevelRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/account/defaultaccesslevel',
  tags,
  callers,
  summary: "New documents' access level, private or shared (administrators)",
  body: ZDefaultAccessLevel,
  responses: { 200: ZDefaultAccessLevel },
  // SPEC section 5: sharing within an account needs MEDIUM or LARGE, or the sharing add-on.
  errors: ['FORBIDDEN', 'SHARING_NEEDS_PLAN'],
});

export const lookUpCompanyRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/companyinfo',
  tags,
  callers,
  summary: "The company registry's data for an organisation number",
  body: ZCompanyInfoRequest,
  responses: { 200: ZCompanyInfo },
  // An unknown company is NOT_FOUND; a registry that is absent or failing COMPANY_LOOKUP_FAILED.
  errors: ['NOT_FOUND', 'COMPANY_LOOKUP_FAILED'],
});
