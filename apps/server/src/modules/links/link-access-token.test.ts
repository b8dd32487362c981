import { timings } from '@signlink/contracts/constants';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signLinkAccessToken, verifyLinkAccessToken } from './link-access-token.ts';

const secret = 'a-session-secret-of-at-least-thirty-two-chars';
const linkId = 'ABCDEFGHJK23456789MN';
const minute = 60_000;

describe('link access token (the RequestToken)', () => {
  it('is bound to its link and gate, carries the verified value, and expires after the configured minutes', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const { token, expiresAt } = await signLinkAccessToken(
      secret,
      { linkId, gate: 'sms', verifiedValue: '+46701234567' },
      now,
    );
    expect(expiresAt.getTime() - now.getTime()).toBe(timings.linkAccessTokenMinutes * minute);
    const at = (offset: number) => verifyLinkAccessToken(secret, token, linkId, now.getTime() + offset);
    expect(await at(minute)).toEqual({
      ok: true,
      claims: { linkId, gate: 'sms', verifiedValue: '+46701234567', expiresAt },
    });
    // The path's link id may come lower-cased.
    expect((await verifyLinkAccessToken(secret, token, linkId.toLowerCase(), now.getTime())).ok).toBe(true);
    expect(await at(timings.linkAccessTokenMinutes * minute)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyLinkAccessToken(secret, token, 'ZZZZZZZZZZ23456789MN', now.getTime())).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a changed claim, a changed or shortened MAC, another secret and garbage', async () => {
    const { token } = await signLinkAccessToken(secret, { linkId, gate: 'none' });
    const [claims, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ sub: linkId, gate: 'none', exp: Date.now() + 10 * 365 * 24 * 60 * minute }),
    ).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    for (const candidate of [
      `${forged}.${mac}`,
      `${claims}.${flipped}`,
      `${claims}.${mac.slice(0, 20)}`,
      `${claims}.${mac}!`,
      `${claims}.${mac}=`,
      `${claims}.`,
      `${claims}.${mac}.extra`,
      claims,
      'not-a-token',
      '',
    ]) {
      expect(await verifyLinkAccessToken(secret, candidate, linkId), candidate).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    const other = await signLinkAccessToken(`${secret}-rotated`, { linkId, gate: 'none' });
    expect(await verifyLinkAccessToken(secret, other.token, linkId)).toEqual({ ok: false, reason: 'invalid' });
    // An expired token with a wrong MAC is invalid, not "expired": only our own tokens get the friendlier answer.
    const old = await signLinkAccessToken(secret, { linkId, gate: 'none' }, new Date(Date.now() - 3 * 60 * minute));
    expect(await verifyLinkAccessToken(secret, old.token, linkId)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyLinkAccessToken(secret, `${old.token.split('.')[0]}.${mac}`, linkId)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('is audience-separated: no other token made with the same secret passes', async () => {
    const key = new TextEncoder().encode(secret);
    const expires = Math.floor(Date.now() / 1000) + 600;
    // A JWT with exactly the claims the old RequestToken had, and a signed-in user's access token.
    const jwt = await new SignJWT({ gate: 'none' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('signlink')
      .setAudience('signlink:link-access')
      .setSubject(linkId)
      .setExpirationTime(expires)
      .sign(key);
    expect(await verifyLinkAccessToken(secret, jwt, linkId)).toEqual({ ok: false, reason: 'invalid' });
    // An HMAC over our claims with the raw secret (not the audience's key) does not pass either.
    const { createHmac } = await import('node:crypto');
    const claims = Buffer.from(JSON.stringify({ sub: linkId, gate: 'none', exp: Date.now() + 600_000 })).toString(
      'base64url',
    );
    const rawMac = createHmac('sha256', secret).update(claims).digest('base64url');
    expect(await verifyLinkAccessToken(secret, `${claims}.${rawMac}`, linkId)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses claims it did not make even with a right MAC: an unknown gate or a missing expiry', async () => {
    const { createHmac } = await import('node:crypto');
    const key = createHmac('sha256', secret).update('signlink:link-access:v2').digest();
    const sign = (body: unknown) => {
      const claims = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${claims}.${createHmac('sha256', key).update(claims).digest('base64url')}`;
    };
    const exp = Date.now() + 600_000;
    expect((await verifyLinkAccessToken(secret, sign({ sub: linkId, gate: 'none', exp }), linkId)).ok).toBe(true);
    for (const body of [
      { sub: linkId, gate: 'admin', exp },
      { sub: linkId, gate: 'none' },
      { sub: linkId, gate: 'none', exp: String(exp) },
      { sub: linkId, gate: 'none', exp, ver: 5 },
      [linkId, 'none', exp],
      null,
    ]) {
      expect(await verifyLinkAccessToken(secret, sign(body), linkId), JSON.stringify(body)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });
});
