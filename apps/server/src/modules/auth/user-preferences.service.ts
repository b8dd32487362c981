import type { ZUpdateUserPreferences } from '@signlink/contracts/auth/user-preferences';
import type { Locale } from '@signlink/contracts/locales';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { presentPreferences } from './user-preferences.presenter.ts';
import {
  findLocale,
  findPreferences,
  renamePersonalAccount,
  updateLocale,
  updatePreferences,
} from './user-preferences.repository.ts';

/**
 * Personal preferences (SPEC section 2, settings): every signed-in role reads and changes their own, and only their
 * own; the route has no user id to point elsewhere, the actor is the subject.
 */
export async function readUserPreferences(db: Database, actor: Actor) {
  const row = await findPreferences(db, actor.userId);
  // The session check already found this user; a row gone since is a session that ended.
  if (!row) throw new AppError('UNAUTHENTICATED');
  return presentPreferences(row);
}

export async function updateUserPreferences(db: Database, actor: Actor, input: z.infer<typeof ZUpdateUserPreferences>) {
  const row = await db.transaction(async (tx) => {
    await updatePreferences(tx, actor.userId, { name: input.Name, locale: input.Language });
    await renamePersonalAccount(tx, actor.userId, input.Name);
    return findPreferences(tx, actor.userId);
  });
  if (!row) throw new AppError('UNAUTHENTICATED');
  return presentPreferences(row);
}

/** SPEC section 7 `GET user/lang`: the signed-in user's own language; English until they choose one. */
export async function readUserLanguage(db: Database, actor: Actor): Promise<{ lang: Locale }> {
  return { lang: (await findLocale(db, actor.userId)) ?? 'en-us' };
}

/** SPEC section 7 `POST user/lang`: only the caller's own language, the actor is the subject. */
export async function setUserLanguage(db: Database, actor: Actor, lang: Locale): Promise<{ lang: Locale }> {
  await updateLocale(db, actor.userId, lang);
  return { lang };
}
