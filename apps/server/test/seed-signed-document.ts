import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRules } from '@signlink/contracts/documents/document-model';
import type { InkSignature } from '@signlink/pdf/sealing/seal-input';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../src/db/database.ts';
import { documentSignatures } from '../src/db/schema/signatures.ts';
import { newId } from '../src/lib/ids.ts';
import { type SeedDocumentOptions, type SeededDocument, seedDocument } from './seed-document.ts';

/**
 * An ACTIVE document every party has signed, as the recipient's side leaves it just before sealing: a real PDF
 * (a shared fixture) in storage, a signature field and a text field per party, and a signature row per slot:
 * party 0 by ink, party 1 by BankID. Sealing's tests start here.
 */
/** Party `index`'s signature field on page 1, side by side with the others'. */
export function signatureFieldFor(index: number): FileRules['fields'][number] {
  return {
    id: `sig-${index}`,
    type: 'signature',
    signatureIndex: index,
    page: 1,
    x: 60 + index * 250,
    y: 600,
    width: 200,
    height: 70,
    required: true,
    name: `Signature[${index}]`,
  };
}

export const fixturePdfDirectory = join(import.meta.dirname, '../../../../shared/fixtures/pdfs');

const ink: InkSignature = {
  width: 400,
  height: 150,
  strokes: [
    {
      points: [
        { x: 20, y: 100 },
        { x: 80, y: 40 },
        { x: 140, y: 110 },
        { x: 200, y: 50 },
        { x: 260, y: 100 },
      ],
    },
    {
      points: [
        { x: 300, y: 60 },
        { x: 340, y: 120 },
      ],
    },
  ],
};

export async function seedSignedDocument(
  db: Database,
  storage: Storage,
  options: Omit<SeedDocumentOptions, 'storage' | 'pdf' | 'fields' | 'state'> & {
    fixture?: string;
    signedAt?: Date;
  } = {},
): Promise<SeededDocument> {
  const bytes = new Uint8Array(readFileSync(join(fixturePdfDirectory, options.fixture ?? 'pdflatex-4-pages.pdf')));
  const signedAt = options.signedAt ?? new Date(Date.now() - 60_000);
  const partyOptions = options.parties ?? [
    { name: 'Åsa Öberg', signatureType: 'e-signature' as const },
    {
      name: 'Nils Nilsson',
      signatureType: 'bankid' as const,
      phone: '+46701234567',
      invitationMethod: 'email-and-sms' as const,
    },
  ];
  const fields: FileRules['fields'] = partyOptions.flatMap((_, index) => [
    signatureFieldFor(index),
    {
      id: `text-${index}`,
      type: 'text' as const,
      signatureIndex: index,
      page: 1,
      x: 60 + index * 250,
      y: 690,
      width: 200,
      height: 20,
      required: false,
      name: `Text[${index}]`,
    },
  ]);
  const seeded = await seedDocument(db, {
    ...options,
    state: 'active',
    parties: partyOptions.map((party) => ({ ...party, signedAt })),
    fields,
    storage,
    pdf: { bytes, pageSizes: [{ width: 612, height: 792 }] },
  });
  await db.insert(documentSignatures).values(
    seeded.parties.map((party, index) => {
      const type = partyOptions[index]?.signatureType ?? 'e-signature';
      const name = partyOptions[index]?.name ?? `Party ${index + 1}`;
      return {
        id: newId('sig'),
        documentId: seeded.documentId,
        partyId: party.id,
        signatureIndex: party.signatureIndex,
        method: type === 'bankid' ? ('bankid' as const) : ('ink' as const),
        signerName: name,
        personalNumber: type === 'bankid' ? '199001011234' : null,
        ink: type === 'bankid' ? null : ink,
        formValues: { [`Text[${index}]`]: `Value from ${name}` },
        ipAddress: `192.0.2.${10 + index}`,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        timeZoneOffsetMinutes: -60,
        signedAt,
      };
    }),
  );
  return seeded;
}
