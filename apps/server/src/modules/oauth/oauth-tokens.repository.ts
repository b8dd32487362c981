import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/auth.ts';
import { oauthAuthorizationCodes, oauthRefreshTokens } from '../../db/schema/oauth.ts';

/** Authorisation codes and refresh tokens, by the SHA-256 of their value (the value itself is never stored). */
export async function insertAuthorizationCode(db: Database, row: typeof oauthAuthorizationCodes.$inferInsert) {
  await db.insert(oauthAuthorizationCodes).values(row);
}

export async function findAuthorizationCode(db: Database, codeHash: string) {
  const [row] = await db.select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.codeHash, codeHash));
  return row;
}

/** Only the first caller marks it used: true for them, false for a racing second exchange. */
export async function markAuthorizationCodeUsed(db: Database, codeHash: string) {
  const used = await db
    .update(oauthAuthorizationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthAuthorizationCodes.codeHash, codeHash), isNull(oauthAuthorizationCodes.usedAt)))
    .returning({ codeHash: oauthAuthorizationCodes.codeHash });
  return used.length === 1;
}

export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, tokenHash));
  return row;
}

export async function markRefreshTokenUsed(db: Database, tokenHash: string) {
  const used = await db
    .update(oauthRefreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthRefreshTokens.tokenHash, tokenHash),
        isNull(oauthRefreshTokens.usedAt),
        isNull(oauthRefreshTokens.revokedAt),
      ),
    )
    .returning({ tokenHash: oauthRefreshTokens.tokenHash });
  return used.length === 1;
}

/** The access token's session and the refresh token that goes with it, together or not at all. */
export async function insertIssuedTokens(
  db: Database,
  input: { session: typeof sessions.$inferInsert; refreshToken: typeof oauthRefreshTokens.$inferInsert },
) {
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values(input.session);
    await tx.insert(oauthRefreshTokens).values(input.refreshToken);
  });
}
