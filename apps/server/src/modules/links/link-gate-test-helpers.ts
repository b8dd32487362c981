import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { links } from '../../db/schema/documents.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

export type Gate = 'sms' | 'email';

/** A sent document whose one party's link asks for `gate`, with the party's phone and e-mail as given. */
export async function seedGatedLink(
  app: TestApp,
  gate: Gate | 'bankid' | 'none',
  party: { phone?: string | null; email?: string | null } = {},
  owner?: { userId: string; accountId: string },
) {
  const seeded = await seedDocument(app.database.db, {
    ...(owner ? { owner } : {}),
    parties: [{ phone: party.phone ?? null, email: party.email ?? null, name: 'Anna Andersson' }],
  });
  const linkId = seeded.parties[0]?.linkCode ?? '';
  await app.database.db
    .update(links)
    .set({ requireBankId: gate === 'bankid', requireSms: gate === 'sms', requireEmail: gate === 'email' })
    .where(eq(links.id, linkId));
  return { ...seeded, linkId };
}

/** Sends the gate's code and reads it from the queued message, as the recipient reads their phone. */
export async function sendGateCode(app: TestApp, linkId: string, gate: Gate, destination: string, value?: string) {
  const sent = await app.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/${gate}`,
    payload: value === undefined ? {} : { value },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const key = sent.json().ClientAccessKey as string;
  return { key, code: await readSentCode(app.database, destination) };
}

/** Sends, reads and checks a gate code: the key `access` then takes as its SMS or e-mail proof. */
export async function passCodeGate(app: TestApp, linkId: string, gate: Gate, destination: string) {
  const { key, code } = await sendGateCode(app, linkId, gate, destination);
  const checked = await app.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/validation/validate`,
    payload: { ClientAccessKey: key, Code: code },
  });
  expect(checked.statusCode, checked.body).toBe(200);
  return key;
}
