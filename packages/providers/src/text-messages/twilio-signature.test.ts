import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeTwilioSignature, isValidTwilioSignature } from './twilio-signature.ts';

// The worked example from Twilio's webhook security documentation.
const docsExample = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  },
};

describe('Twilio request signature', () => {
  it("matches the value in Twilio's documentation", () => {
    expect(computeTwilioSignature(docsExample)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('signs the URL then the parameters sorted by name, whatever order they came in', () => {
    const params = { To: '+46700000000', Body: 'Hej då', AccountSid: 'AC1' };
    const data = 'https://example.test/hook?x=1AccountSidAC1BodyHej dåTo+46700000000';
    const independent = createHmac('sha1', 'token').update(data).digest('base64');
    expect(computeTwilioSignature({ authToken: 'token', url: 'https://example.test/hook?x=1', params })).toBe(
      independent,
    );
  });

  it('accepts a genuine signature and refuses a tampered parameter, URL, token or a malformed signature', () => {
    const signature = computeTwilioSignature(docsExample);
    expect(isValidTwilioSignature({ ...docsExample, signature })).toBe(true);
    expect(
      isValidTwilioSignature({ ...docsExample, params: { ...docsExample.params, Digits: '1235' }, signature }),
    ).toBe(false);
    expect(
      isValidTwilioSignature({ ...docsExample, url: 'https://mycompany.com/myapp.php?foo=1&bar=3', signature }),
    ).toBe(false);
    expect(isValidTwilioSignature({ ...docsExample, authToken: '54321', signature })).toBe(false);
    expect(isValidTwilioSignature({ ...docsExample, signature: signature.slice(0, -1) })).toBe(false);
    expect(isValidTwilioSignature({ ...docsExample, signature: '' })).toBe(false);
  });
});
