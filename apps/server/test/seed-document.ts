import { createHash, randomBytes } from 'node:crypto';
import type {
  DocumentSettings,
  FileRules,
  InvitationMethod,
  SignatureType,
} from '@signlink/contracts/documents/document-model';
import { fieldNameOf } from '@signlink/contracts/documents/document-model';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../src/db/database.ts';
import { documentFiles, documentParties, documents, links } from '../src/db/schema/documents.ts';
import { newFieldAccessKey, newId, newPublicCode } from '../src/lib/ids.ts';
import { appendDocumentEvent } from '../src/modules/document-core/document-history.ts';
import { seedUser } from './seed-user.ts';

/**
 * A SENT document written straight to the tables, for the lists, the overview and the web's server-backed tests
 * before (and independently of) the send flow. Everything is optional:
 *
 *   const doc = await seedDocument(db);                                   // active, one unsigned e-mail party
 *   const doc = await seedDocument(db, { owner, state: 'completed', accessLevel: 'shared' });
 *   const doc = await seedDocument(db, { parties: [{ signedAt: new Date() }, { phone: '+46701234567' }] });
 *
 * `owner` is a seeded user ({ userId, accountId }, e.g. from seedUser or signInSeededUser); without it a new company
 * account with an administrator is made. History events are written through appendDocumentEvent (created, sent,
 * opened, signed, paid, then completed-and-sealed, withdrawn or automatic-expiration as the state says), so the
 * chain is valid and `last_activity_at` is the last event's time. With `storage`, a small PDF is stored under the
 * file's key (a duplicate copies real bytes); without it the file row points at no object.
 */
export interface SeedPartyOptions {
  name?: string;
  email?: string | null;
  phone?: string | null;
  invitationMethod?: InvitationMethod;
  signatureType?: SignatureType;
  getPaid?: boolean;
  /** Sign & Pay: the product the party pays (payment_products.id). */
  paymentProductId?: string | null;
  /** Default: unsigned, except in a completed document (then an hour after sending). */
  signedAt?: Date | null;
  openedAt?: Date | null;
  /** Default: paid with the signature when getPaid, in a completed document. */
  paidAt?: Date | null;
  reservedMinor?: number;
  remindersSent?: number;
  contactUpdates?: number;
}

export interface SeedDocumentOptions {
  owner?: { userId: string; accountId: string };
  state?: 'active' | 'completed' | 'withdrawn' | 'expired';
  title?: string;
  accessLevel?: 'private' | 'shared';
  language?: 'en-us' | 'sv' | 'es';
  /** Default: now. */
  sentAt?: Date;
  parties?: readonly SeedPartyOptions[];
  handled?: boolean;
  archived?: boolean;
  settings?: DocumentSettings;
  message?: string | null;
  /** Default: one signature field per party, named as the editor names them. */
  fields?: readonly FileRules['fields'][number][];
  storage?: Storage;
  /** The PDF stored under the file's key (with `storage`), instead of a page-less minimal one. */
  pdf?: { bytes: Uint8Array; pageSizes: { width: number; height: number }[] };
}

export interface SeededDocument {
  documentId: string;
  accountId: string;
  ownerUserId: string;
  fileId: string;
  storageKey: string;
  parties: { id: string; accessKey: string; linkCode: string; signatureIndex: number }[];
}

const hour = 60 * 60 * 1000;
const minimalPdf =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export async function seedDocument(db: Database, options: SeedDocumentOptions = {}): Promise<SeededDocument> {
  const owner = options.owner ?? (await seedUser(db));
  const state = options.state ?? 'active';
  const sentAt = options.sentAt ?? new Date();
  const documentId = newId('doc');
  const fileId = newId('fil');
  const storageKey = `documents/${documentId}/${fileId}.pdf`;
  const bytes = options.pdf ? Buffer.from(options.pdf.bytes) : Buffer.from(minimalPdf);
  const sha256 = options.storage
    ? (await options.storage.put({ key: storageKey, body: bytes, contentType: 'application/pdf' })).sha256
    : createHash('sha256').update(randomBytes(32)).digest('hex');

  const parties = (options.parties ?? [{}]).map((party, index) => {
    const signedAt = party.signedAt !== undefined ? party.signedAt : state === 'completed' ? at(sentAt, hour) : null;
    const getPaid = party.getPaid ?? false;
    const paidAt = party.paidAt !== undefined ? party.paidAt : state === 'completed' && getPaid ? signedAt : null;
    return {
      id: newId('pty'),
      documentId,
      signatureIndex: index,
      name: party.name ?? `Party ${index + 1}`,
      email: party.email !== undefined ? party.email : `party${index + 1}.${documentId.slice(4, 10)}@example.com`,
      phone: party.phone ?? null,
      invitationMethod: party.invitationMethod ?? 'email',
      signatureType: party.signatureType ?? 'e-signature',
      getPaid,
      paymentProductId: party.paymentProductId ?? null,
      accessKey: newFieldAccessKey(),
      reservedMinor: party.reservedMinor ?? 0,
      remindersSent: party.remindersSent ?? 0,
      contactUpdates: party.contactUpdates ?? 0,
      openedAt: party.openedAt ?? null,
      signedAt,
      paidAt,
    };
  });
  const lastSignature = Math.max(sentAt.getTime(), ...parties.map((party) => party.paidAt?.getTime() ?? 0));
  const endedAt = new Date(Math.max(lastSignature, ...parties.map((party) => party.signedAt?.getTime() ?? 0)) + hour);
  const fields =
    (options.fields && [...options.fields]) ??
    parties.map((party) => ({
      id: `field-${party.signatureIndex}`,
      type: 'signature' as const,
      signatureIndex: party.signatureIndex,
      page: 1,
      x: 50,
      y: 600 - party.signatureIndex * 80,
      width: 200,
      height: 60,
      required: true,
      name: fieldNameOf('signature', party.signatureIndex),
    }));
  const partyLinks = parties.map((party) => ({ id: newPublicCode(), documentId, partyId: party.id }));

  await db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id: documentId,
      accountId: owner.accountId,
      ownerUserId: owner.userId,
      title: options.title ?? 'Rental agreement',
      language: options.language ?? 'en-us',
      originalSha256: sha256,
      state,
      accessLevel: options.accessLevel ?? 'private',
      settings: options.settings ?? { allowPrinting: true, allowDownloading: true },
      message: options.message ?? null,
      handled: options.handled ?? false,
      archivedAt: options.archived ? endedAt : null,
      currency: 'SEK',
      sentAt,
      completedAt: state === 'completed' ? endedAt : null,
      withdrawnAt: state === 'withdrawn' ? endedAt : null,
      expiredAt: state === 'expired' ? endedAt : null,
      createdAt: at(sentAt, -hour),
    });
    await tx.insert(documentFiles).values({
      id: fileId,
      documentId,
      title: `${options.title ?? 'Rental agreement'}.pdf`,
      storageKey,
      sha256,
      byteSize: bytes.length,
      pageCount: options.pdf?.pageSizes.length ?? 1,
      pageSizes: options.pdf?.pageSizes ?? [{ width: 595, height: 842 }],
      rules: {
        fields,
        access: Object.fromEntries(parties.map((party) => [String(party.signatureIndex), party.accessKey])),
      },
    });
    if (parties.length > 0) await tx.insert(documentParties).values(parties);
    if (partyLinks.length > 0) {
      const linkStatus: 'active' | 'withdrawn' = state === 'withdrawn' ? 'withdrawn' : 'active';
      await tx.insert(links).values(partyLinks.map((link) => ({ ...link, status: linkStatus })));
    }

    const events: { type: Parameters<typeof appendDocumentEvent>[1]['type']; at: Date; partyId?: string }[] = [
      { type: 'created', at: at(sentAt, -hour) },
      { type: 'sent', at: sentAt },
    ];
    for (const party of parties) {
      if (party.openedAt) events.push({ type: 'opened', at: party.openedAt, partyId: party.id });
      if (party.signedAt) events.push({ type: 'signed', at: party.signedAt, partyId: party.id });
      if (party.paidAt) events.push({ type: 'paid', at: party.paidAt, partyId: party.id });
    }
    const ending = {
      completed: 'completed-and-sealed',
      withdrawn: 'withdrawn',
      expired: 'automatic-expiration',
    } as const;
    if (state !== 'active') events.push({ type: ending[state], at: endedAt });
    if (options.archived) events.push({ type: 'archived', at: endedAt });
    if (options.handled) events.push({ type: 'handled', at: endedAt });
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const event of events) {
      await appendDocumentEvent(tx, {
        documentId,
        type: event.type,
        at: event.at,
        data: event.partyId ? { partyId: event.partyId } : event.type === 'handled' ? { handled: true } : {},
      });
    }
  });

  return {
    documentId,
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    fileId,
    storageKey,
    parties: parties.map((party, index) => ({
      id: party.id,
      accessKey: party.accessKey,
      linkCode: partyLinks[index]?.id ?? '',
      signatureIndex: party.signatureIndex,
    })),
  };
}

function at(base: Date, offsetMs: number) {
  return new Date(base.getTime() + offsetMs);
}
