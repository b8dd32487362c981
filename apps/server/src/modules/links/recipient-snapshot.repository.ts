import type { DocumentSettings, FileRules } from '@signlink/contracts/documents/document-model';
import DataLoader from 'dataloader';
import type { DatabaseHandle, PreparedStatement } from '../../db/database.ts';

/**
 * The recipient's hot reads (issue 8 figures: link details and access at least 0.6 of a bare primary-key read): each
 * is one named prepared statement, planned once per connection, answering one json column. Building a drizzle select
 * of forty columns, and PGlite planning a four-table join on every call, each cost more than the read itself.
 * Only what the recipient's calls use is read; times come back as ISO text and become Dates here.
 */
const linkJson = `json_build_object('id', l.id, 'status', l.status, 'partyId', l.party_id,
    'requireBankId', l.require_bankid, 'requireSms', l.require_sms, 'requireEmail', l.require_email,
    'gateLockedAt', l.gate_locked_at)`;

const linkColumns = `
  'link', ${linkJson},
  'document', json_build_object('id', d.id, 'accountId', d.account_id, 'title', d.title, 'language', d.language,
    'state', d.state, 'settings', d.settings),
  'owner', json_build_object('name', a.name, 'consentMessage', a.consent_message, 'privacyUrl', a.privacy_url,
    'logoStorageKey', a.logo_storage_key),
  'party', case when p.id is null then null else json_build_object('email', p.email, 'phone', p.phone,
    'accessKey', p.access_key, 'openedAt', p.opened_at) end`;

const linkJoins = `
  from links l
  join documents d on d.id = l.document_id
  join accounts a on a.id = d.account_id
  left join document_parties p on p.id = l.party_id
  where l.id = $1`;

// Access and the status poll show no owner and no contact: without them the statement skips the accounts join and
// answers a smaller row, on the recipient's hottest call.
const signingLinkColumns = `
  'link', ${linkJson},
  'document', json_build_object('id', d.id, 'language', d.language, 'state', d.state, 'settings', d.settings,
    'message', d.message),
  'party', case when p.id is null then null else json_build_object('accessKey', p.access_key,
    'openedAt', p.opened_at, 'message', p.message) end`;

const signingLinksJoins = `
  from links l
  join documents d on d.id = l.document_id
  left join document_parties p on p.id = l.party_id
  where l.id = any($1::text[])`;

const documentPartColumns = `
  'files', coalesce((select json_agg(json_build_object('id', f.id, 'title', f.title, 'pageCount', f.page_count,
    'pageSizes', f.page_sizes, 'rules', f.rules) order by f.position, f.created_at)
    from document_files f where f.document_id = d.id), '[]'::json),
  'parties', coalesce((select json_agg(json_build_object('signatureIndex', dp.signature_index,
    'signatureType', dp.signature_type, 'getPaid', dp.get_paid, 'signedAt', dp.signed_at, 'paidAt', dp.paid_at,
    'paymentProductId', dp.payment_product_id, 'getPaidLabel', dp.get_paid_label)
    order by dp.signature_index) from document_parties dp where dp.document_id = d.id), '[]'::json),
  'signatures', coalesce((select json_agg(json_build_object('signatureIndex', s.signature_index,
    'signedAt', s.signed_at, 'clarifiedName', s.clarified_name, 'formValues', s.form_values)
    order by s.signature_index)
    from document_signatures s where s.document_id = d.id), '[]'::json),
  'seal', (select json_build_object('status', ds.status, 'sealedStorageKey', ds.sealed_storage_key)
    from document_seals ds where ds.document_id = d.id)`;

const linkDetailsStatement: PreparedStatement = {
  name: 'recipient_link_details_v1',
  text: `select json_build_object(${linkColumns}) as snapshot ${linkJoins}`,
};
const linksWithPartsStatement: PreparedStatement = {
  name: 'recipient_links_with_parts_v4',
  text: `select l.id as "linkId", json_build_object(${signingLinkColumns}, ${documentPartColumns}) as snapshot
    ${signingLinksJoins}`,
};

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export interface RecipientLink {
  id: string;
  status: 'active' | 'withdrawn' | 'revoked';
  partyId: string | null;
  requireBankId: boolean;
  requireSms: boolean;
  requireEmail: boolean;
  gateLockedAt: Date | null;
}
export interface RecipientDocument {
  id: string;
  accountId: string;
  title: string;
  language: 'en-us' | 'sv' | 'es';
  state: 'draft' | 'active' | 'completed' | 'withdrawn' | 'expired';
  settings: DocumentSettings;
}
export interface RecipientParty {
  email: string | null;
  phone: string | null;
  accessKey: string;
  openedAt: Date | null;
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
  paymentProductId: string | null;
  getPaidLabel: string | null;
}
export interface SnapshotSignature {
  signatureIndex: number;
  signedAt: Date;
  clarifiedName: string | null;
  /** What the signature filled in (the slot's text, date and checkbox fields), shown to every party. */
  formValues: Record<string, string | boolean>;
}
export interface SnapshotSeal {
  status: 'pending' | 'sealed' | 'failed';
  sealedStorageKey: string | null;
}

interface LinkSnapshotJson {
  link: Json<RecipientLink>;
  document: RecipientDocument;
  owner: { name: string; consentMessage: string | null; privacyUrl: string | null; logoStorageKey: string | null };
  party: Json<RecipientParty> | null;
}
interface LinkWithPartsJson {
  link: Json<RecipientLink>;
  /** With the sender's messages, which the access call shows once past the gate. */
  document: Pick<RecipientDocument, 'id' | 'language' | 'state' | 'settings'> & { message: string | null };
  party: (Pick<Json<RecipientParty>, 'accessKey' | 'openedAt'> & { message: string | null }) | null;
  files: SnapshotFile[];
  parties: Json<SnapshotParty>[];
  signatures: Json<SnapshotSignature>[];
  seal: SnapshotSeal | null;
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

async function snapshotOf<T>(database: DatabaseHandle, statement: PreparedStatement, linkId: string) {
  const [row] = await database.runPrepared(statement, [linkId.toUpperCase()]);
  return row?.snapshot as T | undefined;
}

const linkOf = (link: Json<RecipientLink>): RecipientLink => ({
  ...link,
  gateLockedAt: dateOrNull(link.gateLockedAt),
});

const partyOf = <T extends { openedAt: string | null }>(party: T): Omit<T, 'openedAt'> & { openedAt: Date | null } => ({
  ...party,
  openedAt: dateOrNull(party.openedAt),
});

/** A link with its document, the owner's recipient-page settings and the invited party's contact, or undefined. */
export async function findLinkForRecipient(database: DatabaseHandle, linkId: string) {
  const json = await snapshotOf<LinkSnapshotJson>(database, linkDetailsStatement, linkId);
  if (!json) return undefined;
  return {
    link: linkOf(json.link),
    document: json.document,
    owner: json.owner,
    party: json.party && partyOf(json.party),
  };
}

/**
 * The link with what the recipient's page shows of the document: files with their rules (json keeps them exactly as
 * stored), every slot's party, the signatures and the seal, in one statement; of the link's party only its key and
 * whether it has opened the link.
 */
export async function findLinkWithDocumentParts(database: DatabaseHandle, linkId: string) {
  const json = await partsLoaderOf(database).load(linkId.toUpperCase());
  if (!json) return undefined;
  return {
    link: linkOf(json.link),
    document: json.document,
    party: json.party && partyOf(json.party),
    files: json.files,
    parties: json.parties.map((party) => ({
      ...party,
      signedAt: dateOrNull(party.signedAt),
      paidAt: dateOrNull(party.paidAt),
    })),
    signatures: json.signatures.map((signature) => ({ ...signature, signedAt: new Date(signature.signedAt) })),
    seal: json.seal ?? undefined,
  };
}

/**
 * Access and the status poll are the recipient's hottest calls, and each used to be its own statement: under load
 * the driver's per-statement work (a pooled connection, the protocol round trip, its syscalls) cost more than the
 * rows. So the links asked for during one turn of the event loop are read together, one statement per turn (at most
 * `partsBatchSize` links each), and every caller gets its own link's row. Nothing is cached: each call's read starts
 * after the call arrived, so it sees every write committed before. A caller alone waits only for that turn to end.
 */
const partsBatchSize = 100;
const partsLoaders = new WeakMap<DatabaseHandle, DataLoader<string, LinkWithPartsJson | undefined>>();
function partsLoaderOf(database: DatabaseHandle) {
  let loader = partsLoaders.get(database);
  if (!loader) {
    loader = new DataLoader(
      async (linkIds: readonly string[]) => {
        const rows = await database.runPrepared(linksWithPartsStatement, [[...new Set(linkIds)]]);
        const byLinkId = new Map(rows.map((row) => [row.linkId as string, row.snapshot as LinkWithPartsJson]));
        return linkIds.map((linkId) => byLinkId.get(linkId));
      },
      { cache: false, maxBatchSize: partsBatchSize, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
    );
    partsLoaders.set(database, loader);
  }
  return loader;
}

export type LinkWithDocumentParts = NonNullable<Awaited<ReturnType<typeof findLinkWithDocumentParts>>>;
