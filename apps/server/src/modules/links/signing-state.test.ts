import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocument } from '../../../test/seed-document.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { documentFiles, documents } from '../../db/schema/documents.ts';
import { documentSeals, documentSignatures } from '../../db/schema/signatures.ts';
import { newId } from '../../lib/ids.ts';
import { findLinkSigningState } from './signing-state.ts';

/** Issue 8, parts 4 and 6: the slots, aggregates and state one recipient sees (SPEC section 3, signature object). */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const documentRow = async (documentId: string) => {
  const [row] = await database.db.select().from(documents).where(eq(documents.id, documentId));
  if (!row) throw new Error('seeded');
  return row;
};

describe('findLinkSigningState', () => {
  it('gives each party its slot: type, label, access by the access map, fields, signed and paid', async () => {
    const { db } = database;
    const doc = await seedDocument(db, {
      language: 'sv',
      parties: [
        { signatureType: 'e-signature' },
        { signatureType: 'bankid', getPaid: true },
        { signatureType: 'live-id' },
      ],
      fields: [
        {
          id: 'sig-0',
          type: 'signature',
          signatureIndex: 0,
          page: 1,
          x: 10,
          y: 10,
          width: 100,
          height: 40,
          required: true,
        },
        {
          id: 'text-0',
          type: 'text',
          signatureIndex: 0,
          page: 1,
          x: 10,
          y: 60,
          width: 100,
          height: 20,
          required: true,
        },
        {
          id: 'sig-1',
          type: 'signature',
          signatureIndex: 1,
          page: 1,
          x: 10,
          y: 90,
          width: 100,
          height: 40,
          required: true,
        },
      ],
    });
    const [first, second, third] = doc.parties;
    if (!first || !second || !third) throw new Error('three parties');
    // Slot 2 has no entry in the access map: open to all. Slot 1 carries its own label.
    const [file] = await db.select().from(documentFiles).where(eq(documentFiles.id, doc.fileId));
    const access = { ...file?.rules.access };
    delete access['2'];
    await db
      .update(documentFiles)
      .set({ rules: { fields: file?.rules.fields ?? [], access, labels: { '1': 'Hyresvärd' } } })
      .where(eq(documentFiles.id, doc.fileId));
    const signedAt = new Date('2025-03-01T10:00:00.000Z');
    await db.insert(documentSignatures).values({
      id: newId('sig'),
      documentId: doc.documentId,
      partyId: first.id,
      signatureIndex: 0,
      method: 'ink',
      signerName: 'Anna',
      clarifiedName: 'Anna Andersson',
      formValues: { 'Text[0]': 'Acme AB' },
      signedAt,
    });

    const state = await findLinkSigningState(db, {
      document: await documentRow(doc.documentId),
      linkPartyId: first.id,
      fieldAccessKeys: [first.accessKey],
    });

    expect(state.slots).toEqual([
      {
        index: 0,
        type: 4,
        label: 'Signera 1',
        hasDefaultLabel: true,
        access: true,
        fields: ['sig-0', 'text-0'],
        signed: true,
        signedAt: signedAt.toISOString(),
        nameClarificationIsConfirmed: true,
        clarifiedName: 'Anna Andersson',
        paid: false,
        requiresPayment: false,
        paymentLinkId: null,
        getPaidLabel: null,
        requireEmailVerification: false,
        filledValues: { 'Text[0]': 'Acme AB' },
      },
      expect.objectContaining({ index: 1, type: 1, label: 'Hyresvärd', hasDefaultLabel: false, access: false }),
      expect.objectContaining({ index: 2, type: 6, label: 'Signera 3', hasDefaultLabel: true, access: true }),
    ]);
    expect(state.slots[1]).toMatchObject({ signed: false, requiresPayment: true, paid: false, fields: ['sig-1'] });
    expect(state.slots[2]).toMatchObject({ signed: false, fields: [], filledValues: {} });
    // Slot 2 is open to this recipient and unsigned, so not all of theirs are signed; theirs was the last signature.
    expect(state.aggregates).toEqual({
      allSigned: false,
      anySigned: true,
      userAllSigned: false,
      lastSignByMe: true,
      allPaid: false,
      // The slot to be paid is not this recipient's.
      userAllPaid: true,
      lastPaymentByMe: false,
    });
    expect(state.state).toBe('open');
    expect(state.sealedPdfAvailable).toBe(false);

    // The second party sees the same slots through its own key: slot 1 is theirs and slot 0's signature is not.
    const other = await findLinkSigningState(db, {
      document: await documentRow(doc.documentId),
      linkPartyId: second.id,
      fieldAccessKeys: [second.accessKey],
    });
    expect(other.slots.map((slot) => slot.access)).toEqual([false, true, true]);
    expect(other.aggregates).toEqual({
      allSigned: false,
      anySigned: true,
      userAllSigned: false,
      lastSignByMe: false,
      allPaid: false,
      userAllPaid: false,
      lastPaymentByMe: false,
    });
  });

  it('is sealing once all signed, completed with the sealed PDF when downloads are allowed, seal-failed, withdrawn', async () => {
    const { db } = database;
    const signedAt = new Date(Date.now() - 60_000);
    const doc = await seedDocument(db, { parties: [{ signedAt }, { signedAt: new Date(signedAt.getTime() + 1000) }] });
    const [first] = doc.parties;
    if (!first) throw new Error('a party');
    const stateOf = async () =>
      findLinkSigningState(db, {
        document: await documentRow(doc.documentId),
        linkPartyId: first.id,
        fieldAccessKeys: [first.accessKey],
      });

    const sealing = await stateOf();
    expect(sealing.state).toBe('sealing');
    // Party 0 signed first: all signed, theirs too, but the last signature was the other party's.
    expect(sealing.aggregates).toEqual({
      allSigned: true,
      anySigned: true,
      userAllSigned: true,
      lastSignByMe: false,
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    });

    await db.insert(documentSeals).values({ documentId: doc.documentId, status: 'failed', attempts: 6 });
    expect((await stateOf()).state).toBe('seal-failed');

    await db
      .update(documentSeals)
      .set({ status: 'sealed', sealedStorageKey: 'sealed/x.pdf' })
      .where(eq(documentSeals.documentId, doc.documentId));
    await db.update(documents).set({ state: 'completed' }).where(eq(documents.id, doc.documentId));
    expect(await stateOf()).toMatchObject({ state: 'completed', sealedPdfAvailable: true });

    await db
      .update(documents)
      .set({ settings: { allowDownloading: false } })
      .where(eq(documents.id, doc.documentId));
    expect(await stateOf()).toMatchObject({ state: 'completed', sealedPdfAvailable: false });

    const withdrawn = await seedDocument(db, { state: 'withdrawn' });
    const expired = await seedDocument(db, { state: 'expired' });
    for (const [seeded, expected] of [
      [withdrawn, 'withdrawn'],
      [expired, 'expired'],
    ] as const) {
      const state = await findLinkSigningState(db, {
        document: await documentRow(seeded.documentId),
        linkPartyId: null,
        fieldAccessKeys: [],
      });
      expect(state.state).toBe(expected);
      // No key: a slot with an entry in the access map is not theirs.
      expect(state.slots.map((slot) => slot.access)).toEqual([false]);
      expect(state.aggregates.userAllSigned).toBe(false);
    }
  });
});
