import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documents } from '../../db/schema/documents.ts';

export type Caller = Awaited<ReturnType<typeof signInSeededUser>>;
export type TeamRole = 'admin' | 'regular' | 'contributor' | 'readOnly';
export type Team = Record<TeamRole, Caller> & { otherAdmin: Caller };

/** One account's four roles (SPEC section 6) signed in, and an administrator of another account. */
export async function signInTeam(testApp: TestApp): Promise<Team> {
  const admin = await signInSeededUser(testApp, { role: roles.administrator });
  const member = (role: number) => signInSeededUser(testApp, { role, accountId: admin.accountId });
  const otherAdmin = await signInSeededUser(testApp, { role: roles.administrator });
  // The team shares documents within its account, which needs MEDIUM or LARGE (SPEC section 5).
  for (const accountId of [admin.accountId, otherAdmin.accountId]) {
    await seedPricePlan(testApp.database.db, { accountId });
  }
  return {
    admin,
    regular: await member(roles.regular),
    contributor: await member(roles.contributor),
    readOnly: await member(roles.readOnly),
    otherAdmin,
  };
}

/** A call under /v2/linktinker/ with the caller's token (null: signed out). */
export const callApi = (
  testApp: TestApp,
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) => injectWithToken(testApp, caller?.token ?? null, method, `/v2/linktinker/${path}`, payload);

/** What an action may change: the document's row and its history length, to prove a refusal wrote nothing. */
export async function snapshotDocument(testApp: TestApp, documentId: string) {
  const { db } = testApp.database;
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  const events = await db.select().from(documentEvents).where(eq(documentEvents.documentId, documentId));
  return { row, events: events.length };
}
