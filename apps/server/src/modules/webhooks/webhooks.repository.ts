import { roles } from '@signlink/contracts/auth/roles';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { memberships, users } from '../../db/schema/accounts.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/developer.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
type Db = Database | Transaction;

export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert) {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted as WebhookEndpointRow;
}

export function listEndpoints(db: Db, accountId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpoint(db: Db, id: string, changes: Partial<typeof webhookEndpoints.$inferInsert>) {
  const [row] = await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
  return row as WebhookEndpointRow;
}

/** Set on the first failure of a run; a run already under way keeps its start. */
export async function markEndpointFailing(db: Db, id: string, at: Date): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Disables it once: true only for the call that did, so the admins get one e-mail. */
export async function disableEndpoint(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: at, updatedAt: at })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertDelivery(db: Db, row: typeof webhookDeliveries.$inferInsert) {
  const [inserted] = await db.insert(webhookDeliveries).values(row).returning();
  return inserted as WebhookDeliveryRow;
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** The row locked until the transaction ends: two runs of one delivery record their outcomes one after the other. */
export async function lockDelivery(tx: Transaction, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).for('update');
  return row;
}

export async function updateDelivery(db: Db, id: string, changes: Partial<typeof webhookDeliveries.$inferInsert>) {
  const [row] = await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id)).returning();
  return row as WebhookDeliveryRow;
}

export async function insertAttempt(db: Db, row: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(row);
}

/** The endpoint's latest deliveries, and all their attempts, latest first. */
export async function listDeliveriesWithAttempts(db: Db, endpointId: string, limit: number) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const ids = deliveries.map((delivery) => delivery.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    : [];
  return deliveries.map((delivery) => ({
    ...delivery,
    attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
  }));
}

export function listAttempts(db: Db, deliveryId: string) {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt));
}

/** Pending deliveries whose time has come: the dispatcher hands each to a delivery job. */
export function listDueDeliveries(db: Db, now: Date, limit: number) {
  return db
    .select({ id: webhookDeliveries.id, attemptCount: webhookDeliveries.attemptCount })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        isNotNull(webhookDeliveries.nextAttemptAt),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
}

/** The account's administrators with an e-mail address, to tell them an endpoint was disabled. */
export function listAdministratorEmails(db: Db, accountId: string) {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.accountId, accountId), eq(memberships.role, roles.administrator), isNotNull(users.email)),
    );
}
