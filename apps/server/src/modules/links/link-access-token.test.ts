import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { timings } from '@signlink/contracts/constants';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signLinkAccessToken, verifyLinkAccessToken } from './link-access-token.ts';

const secret = 'a-session-secret-of-at-least-thirty-two-chars';
const linkId = 'ABCDEFGHJK23456789MN';
const minute = 60_000;
const invalid = { ok: false, reason: 'invalid' };
const base64urlAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A token sealed the way ours are, with any key and any plaintext: the forger's best attempt. */
function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}
const audienceKey = (of: string) => createHmac('sha256', of).update('signlink:link-access:v3:aes-256-gcm').digest();

/**
 * The value as it could show inside a token's text: plain, URL-encoded, hex, and base64 and base64url at each of
 * the three byte alignments it could sit at (without the edge characters, which mix in its neighbours' bits).
 */
function encodingsOf(value: string): string[] {
  const bytes = Buffer.from(value);
  const found = [value, encodeURIComponent(value), bytes.toString('hex')];
  for (const shift of [0, 1, 2]) {
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = Buffer.concat([Buffer.alloc(shift), bytes])
        .toString(encoding)
        .replace(/=+$/, '');
      found.push(text.slice(Math.ceil((shift * 8) / 6), -1));
    }
  }
  return found;
}

describe('link access token (the RequestToken)', () => {
  it('is bound to its link and gate, carries the verified value, and expires after the configured minutes', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const { token, expiresAt } = await signLinkAccessToken(
      secret,
      { linkId, gate: 'sms', verifiedValue: '+46701234567' },
      now,
    );
    expect(expiresAt.getTime() - now.getTime()).toBe(timings.linkAccessTokenMinutes * minute);
    // One URL-safe segment, short enough for a query string.
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThan(200);
    const at = (offset: number) => verifyLinkAccessToken(secret, token, linkId, now.getTime() + offset);
    expect(await at(minute)).toEqual({
      ok: true,
      claims: { linkId, gate: 'sms', verifiedValue: '+46701234567', expiresAt },
    });
    // The path's link id may come lower-cased.
    expect((await verifyLinkAccessToken(secret, token, linkId.toLowerCase(), now.getTime())).ok).toBe(true);
    expect(await at(timings.linkAccessTokenMinutes * minute)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyLinkAccessToken(secret, token, 'ZZZZZZZZZZ23456789MN', now.getTime())).toEqual(invalid);
  });

  it('does not show the verified value in any encoding, and two tokens for the same claims differ', async () => {
    for (const verifiedValue of ['+46701234567', 'åsa.öberg@example.com', '199001011234']) {
      const { token } = await signLinkAccessToken(secret, { linkId, gate: 'sms', verifiedValue });
      for (const encoded of encodingsOf(verifiedValue)) expect(token, verifiedValue).not.toContain(encoded);
      for (const encoded of encodingsOf(linkId)) expect(token).not.toContain(encoded);
      const again = await signLinkAccessToken(secret, { linkId, gate: 'sms', verifiedValue });
      expect(again.token).not.toBe(token);
      expect((await verifyLinkAccessToken(secret, again.token, linkId)).ok).toBe(true);
    }
  });

  it('refuses a token with any character or any byte changed, cut short, lengthened or padded', async () => {
    const { token } = await signLinkAccessToken(secret, { linkId, gate: 'bankid', verifiedValue: '199001011234' });
    const raw = Buffer.from(token, 'base64url');
    const candidates: string[] = [];
    for (let index = 0; index < token.length; index++) {
      const next = base64urlAlphabet[(base64urlAlphabet.indexOf(token[index] ?? 'A') + 1) % 64];
      candidates.push(`${token.slice(0, index)}${next}${token.slice(index + 1)}`);
    }
    for (let index = 0; index < raw.length; index++) {
      const changed = Buffer.from(raw);
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      candidates.push(changed.toString('base64url'));
    }
    candidates.push(
      token.slice(0, -1),
      token.slice(1),
      raw.subarray(0, raw.length - 1).toString('base64url'),
      Buffer.concat([raw, Buffer.alloc(1)]).toString('base64url'),
      `${token}=`,
      `${token}!`,
      `${token}.`,
      `${token}.${token}`,
      ` ${token}`,
      raw.toString('base64'),
      raw.subarray(0, 28).toString('base64url'),
      'not-a-token',
      '',
    );
    for (const candidate of candidates) {
      expect(await verifyLinkAccessToken(secret, candidate, linkId), candidate).toEqual(invalid);
    }
    expect((await verifyLinkAccessToken(secret, token, linkId)).ok).toBe(true);
  });

  it('refuses a token made with another secret, and says expired only for our own tokens', async () => {
    const other = await signLinkAccessToken(`${secret}-rotated`, { linkId, gate: 'none' });
    expect(await verifyLinkAccessToken(secret, other.token, linkId)).toEqual(invalid);
    const longAgo = new Date(Date.now() - 3 * 60 * minute);
    const old = await signLinkAccessToken(secret, { linkId, gate: 'none' }, longAgo);
    expect(await verifyLinkAccessToken(secret, old.token, linkId)).toEqual({ ok: false, reason: 'expired' });
    const oldOther = await signLinkAccessToken(`${secret}-rotated`, { linkId, gate: 'none' }, longAgo);
    expect(await verifyLinkAccessToken(secret, oldOther.token, linkId)).toEqual(invalid);
  });

  it('is audience-separated: no other token made with the same secret passes', async () => {
    const exp = Date.now() + 600_000;
    const jwt = await new SignJWT({ gate: 'none' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('signlink')
      .setAudience('signlink:link-access')
      .setSubject(linkId)
      .setExpirationTime(Math.floor(exp / 1000))
      .sign(new TextEncoder().encode(secret));
    // The JWT the RequestToken once was, the `<claims>.<HMAC>` it was next, and our format under the wrong keys.
    const claims = JSON.stringify({ sub: linkId, gate: 'none', exp });
    const encoded = Buffer.from(claims).toString('base64url');
    const hmacKey = createHmac('sha256', secret).update('signlink:link-access:v2').digest();
    const hmacToken = `${encoded}.${createHmac('sha256', hmacKey).update(encoded).digest('base64url')}`;
    const rawSecretKey = createHmac('sha256', '').update(secret).digest();
    for (const candidate of [jwt, hmacToken, seal(rawSecretKey, claims), seal(hmacKey, claims)]) {
      expect(await verifyLinkAccessToken(secret, candidate, linkId), candidate).toEqual(invalid);
    }
    expect((await verifyLinkAccessToken(secret, seal(audienceKey(secret), claims), linkId)).ok).toBe(true);
  });

  it('refuses claims it did not make even under the right key: an unknown gate or a missing expiry', async () => {
    const key = audienceKey(secret);
    const exp = Date.now() + 600_000;
    for (const body of [
      { sub: linkId, gate: 'admin', exp },
      { sub: linkId, gate: 'none' },
      { sub: linkId, gate: 'none', exp: String(exp) },
      { sub: linkId, gate: 'none', exp, ver: 5 },
      [linkId, 'none', exp],
      null,
    ]) {
      expect(
        await verifyLinkAccessToken(secret, seal(key, JSON.stringify(body)), linkId),
        JSON.stringify(body),
      ).toEqual(invalid);
    }
    expect(await verifyLinkAccessToken(secret, seal(key, 'not json'), linkId)).toEqual(invalid);
  });
});
