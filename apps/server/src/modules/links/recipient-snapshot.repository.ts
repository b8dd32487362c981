import type { FileRules } from '@signlink/contracts/documents/document-model';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documentParties, documents, links } from '../../db/schema/documents.ts';

/**
 * The recipient's hot reads, each one prepared statement and one round trip (issue 8 figures: link details and access
 * at least 0.6 of a bare primary-key read). Building a drizzle select of some forty columns costs more than PGlite's
 * query itself, so each statement is built once per database and run with the link id as its only parameter.
 */
function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const linkId = sql.placeholder('linkId');

const linkColumns = {
  link: links,
  document: documents,
  owner: {
    name: accounts.name,
    consentMessage: accounts.consentMessage,
    privacyUrl: accounts.privacyUrl,
    logoStorageKey: accounts.logoStorageKey,
  },
  party: {
    email: documentParties.email,
    phone: documentParties.phone,
    accessKey: documentParties.accessKey,
    openedAt: documentParties.openedAt,
  },
};

const linkDetailsStatement = preparedPerDatabase((db) =>
  db
    .select(linkColumns)
    .from(links)
    .innerJoin(documents, eq(documents.id, links.documentId))
    .innerJoin(accounts, eq(accounts.id, documents.accountId))
    .leftJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(eq(links.id, linkId))
    .prepare('recipient_link_details'),
);

/** A link with its document, the owner's recipient-page settings and the invited party's contact, or undefined. */
export async function findLinkForRecipient(db: Database, id: string) {
  const [row] = await linkDetailsStatement(db).execute({ linkId: id.toUpperCase() });
  return row;
}

export interface SnapshotFile {
  id: string;
  title: string;
  pageCount: number;
  pageSizes: { width: number; height: number }[];
  rules: FileRules;
}
export interface SnapshotParty {
  signatureIndex: number;
  signatureType: 'bankid' | 'e-signature' | 'id-e-signature' | 'live-id';
  getPaid: boolean;
  signedAt: Date | null;
  paidAt: Date | null;
}
export interface SnapshotSignature {
  signatureIndex: number;
  signedAt: Date;
  clarifiedName: string | null;
}
export interface SnapshotSeal {
  status: 'pending' | 'sealed' | 'failed';
  sealedStorageKey: string | null;
}

// JSON built in SQL carries times as text: they are turned back into Dates below.
const documentPartColumns = {
  files: sql<SnapshotFile[]>`coalesce((select json_agg(json_build_object('id', f.id, 'title', f.title,
        'pageCount', f.page_count, 'pageSizes', f.page_sizes, 'rules', f.rules) order by f.position, f.created_at)
        from document_files f where f.document_id = ${links.documentId}), '[]'::json)`,
  parties: sql<(Omit<SnapshotParty, 'signedAt' | 'paidAt'> & { signedAt: string | null; paidAt: string | null })[]>`
        coalesce((select json_agg(json_build_object('signatureIndex', p.signature_index,
        'signatureType', p.signature_type, 'getPaid', p.get_paid, 'signedAt', p.signed_at, 'paidAt', p.paid_at)
        order by p.signature_index) from document_parties p where p.document_id = ${links.documentId}), '[]'::json)`,
  signatures: sql<(Omit<SnapshotSignature, 'signedAt'> & { signedAt: string })[]>`
        coalesce((select json_agg(json_build_object('signatureIndex', s.signature_index, 'signedAt', s.signed_at,
        'clarifiedName', s.clarified_name) order by s.signature_index)
        from document_signatures s where s.document_id = ${links.documentId}), '[]'::json)`,
  seal: sql<SnapshotSeal | null>`(select json_build_object('status', d.status,
        'sealedStorageKey', d.sealed_storage_key) from document_seals d where d.document_id = ${links.documentId})`,
};

const linkWithPartsStatement = preparedPerDatabase((db) =>
  db
    .select({ ...linkColumns, ...documentPartColumns })
    .from(links)
    .innerJoin(documents, eq(documents.id, links.documentId))
    .innerJoin(accounts, eq(accounts.id, documents.accountId))
    .leftJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(eq(links.id, linkId))
    .prepare('recipient_link_with_parts'),
);

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/**
 * The link as findLinkForRecipient gives it, with what the recipient's page shows of its document: files with their
 * rules, every slot's party, the signatures and the seal, in the same one statement.
 */
export async function findLinkWithDocumentParts(db: Database, id: string) {
  const [row] = await linkWithPartsStatement(db).execute({ linkId: id.toUpperCase() });
  if (!row) return undefined;
  const { files, parties, signatures, seal, ...linkRow } = row;
  return {
    ...linkRow,
    files,
    parties: parties.map((party) => ({
      ...party,
      signedAt: dateOrNull(party.signedAt),
      paidAt: dateOrNull(party.paidAt),
    })),
    signatures: signatures.map((signature) => ({ ...signature, signedAt: new Date(signature.signedAt) })),
    seal: seal ?? undefined,
  };
}
