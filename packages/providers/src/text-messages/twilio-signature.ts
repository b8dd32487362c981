import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TwilioSignatureInput {
  authToken: string;
  /** The full URL Twilio called, query string included, exactly as configured (scheme, host, port). */
  url: string;
  /** The POST form parameters, decoded; empty for a GET. */
  params: Record<string, string>;
}

/**
 * Twilio's `X-Twilio-Signature` (https://www.twilio.com/docs/usage/security): the URL followed by each POST
 * parameter, sorted by name, as name + value with no separators, signed with HMAC-SHA1 under the auth token,
 * base64. Values are the decoded ones (`+4670…`, not `%2B4670…`).
 */
export function computeTwilioSignature({ authToken, url, params }: TwilioSignatureInput): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, key) => signed + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Compares in constant time; a signature of another length is refused before comparing. */
export function isValidTwilioSignature({ signature, ...input }: TwilioSignatureInput & { signature: string }): boolean {
  const expected = Buffer.from(computeTwilioSignature(input));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
