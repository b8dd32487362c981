import { randomBytes } from 'node:crypto';
import { hashApiClientSecret } from '../api-clients/api-client-secret.ts';

/**
 * An app's client secret, codes and refresh tokens: 256 random bits each, kept only as SHA-256 (the API clients'
 * reasoning: with this much entropy a slow hash guards nothing more).
 */
export const newOAuthSecret = () => `sos_${randomBytes(32).toString('base64url')}`;
export const newAuthorizationCode = () => `soc_${randomBytes(32).toString('base64url')}`;
export const newRefreshToken = () => `sor_${randomBytes(32).toString('base64url')}`;

export const hashOAuthSecret = hashApiClientSecret;
