// The organisation-number check lives in companies/, which knows the registry, and the scopes in order-scopes.ts:
// bankid/ sits below companies/. These re-exports serve bankid.routes.ts only, until it imports them from there.
export { validateOrgNumberOrder } from '../companies/org-number-check.ts';
export { appOrderScope, orgOrderScope } from './order-scopes.ts';
