import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { roles } from '@signlink/contracts/auth/roles';

/** SPEC section 6: administrators edit account settings and manage users; everyone else reads. */
export function isAdministrator(auth: AuthState): boolean {
  return auth.user.Role === roles.administrator;
}

/** SPEC section 6: partners add customer accounts; their administrators do it. */
export function isPartnerAdministrator(auth: AuthState): boolean {
  return isAdministrator(auth) && auth.user.IsPartner;
}

/**
 * Issue 26: a company's administrators manage its integrations (API keys, webhooks, OAuth apps, the developer log);
 * a personal account has no systems of its own to connect. The server's rule is the same (authorizeIntegrations).
 */
export function managesIntegrations(auth: AuthState): boolean {
  return isAdministrator(auth) && auth.user.AccountType !== 'personal';
}
