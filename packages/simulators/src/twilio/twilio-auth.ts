import { createHmac } from 'node:crypto';

/** Twilio's signature, written here again because simulators do not import the providers they stand in for. */
export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, key) => signed + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isAuthorized(header: string | undefined, accountSid: string, authToken: string): boolean {
  const [scheme, encoded] = header?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return decoded === `${accountSid}:${authToken}`;
}
