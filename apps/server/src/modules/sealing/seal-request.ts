import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import { createTranslator } from '@signlink/i18n/create-translator';
import { attachmentFileNames } from '@signlink/pdf/sealing/embed-attachments';
import type { SealDocumentRequest } from '@signlink/pdf/sealing/seal-document';
import type {
  AuditParty,
  AuditTrailRequest,
  SealAttachment,
  SignedSlot,
  StampRequest,
} from '@signlink/pdf/sealing/seal-input';
import type { Storage } from '@signlink/providers/storage/storage.port';
import { readStored } from '../../lib/read-stored.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import { idEvidenceRows } from './id-evidence-rows.ts';
import type { SealSource, SignatureRow } from './seal.repository.ts';

/**
 * Turns what the database holds about a fully signed document into the plain request the PDF worker seals,
 * in the document's language: stamped values and signatures, the audit trail, and the seal's reason.
 */
export async function buildSealRequest(
  source: SealSource,
  deps: { storage: Storage; verificationUrl: string; brandName: string },
): Promise<Omit<SealDocumentRequest, 'key'>> {
  const { document } = source;
  const t = createTranslator(documentLocaleOf(document));
  const settings = settingsWithDefaults(document.settings);
  const files = await Promise.all(
    source.files.map(async (file) => ({
      bytes: await readStored(deps.storage, file.storageKey),
      fields: file.rules.fields,
    })),
  );
  const attachments = await attachmentsOf(source, deps.storage, t);
  const stamp: StampRequest = {
    files,
    ...(attachments.embedded.length > 0 ? { attachments: attachments.embedded } : {}),
    values: Object.assign({}, ...source.signatures.map((signature) => signature.formValues)),
    signatures: source.signatures.map((signature) => slotOf(signature, settings.hidePersonalNumber)),
    texts: {
      signedWithBankId: t('sealing:stamp.signedWithBankId'),
      signedElectronically: t('sealing:stamp.signedElectronically'),
      personalNumber: t('sealing:stamp.personalNumber'),
      signedWithIdLive: t('sealing:stamp.signedWithIdLive'),
    },
  };
  const signatureBySlot = new Map(source.signatures.map((signature) => [signature.signatureIndex, signature]));
  const partyNames = new Map(source.parties.map((party) => [party.id, party.name]));
  const scansById = new Map(source.idScans.map((scan) => [scan.id, scan]));
  const auditTrail: Omit<AuditTrailRequest, 'finalSha256'> = {
    documentName: document.title,
    documentId: document.id,
    originalSha256: document.originalSha256,
    parties: source.parties.map((party): AuditParty => {
      const signature = signatureBySlot.get(party.signatureIndex);
      const scan = signature?.idScanId ? scansById.get(signature.idScanId) : undefined;
      return {
        signatureIndex: party.signatureIndex,
        name: party.name,
        contact: [party.email, party.phone].filter(Boolean).join(', '),
        method: auditMethodOf(t, signature, party.signatureType),
        ...(signature
          ? signatureDetails(signature, settings.hidePersonalNumber, t('sealing:auditTrail.sessions.none'))
          : {}),
        ...(scan ? { idEvidence: idEvidenceRows(t, scan) } : {}),
      };
    }),
    events: source.events.map((event) => {
      const type = t(`app:history.types.${event.type}`);
      const partyName =
        typeof event.data.partyName === 'string'
          ? event.data.partyName
          : typeof event.data.partyId === 'string'
            ? partyNames.get(event.data.partyId)
            : undefined;
      return {
        sequence: event.sequence,
        at: event.createdAt.toISOString(),
        description: partyName ? t('sealing:auditTrail.partyEvent', { event: type, name: partyName }) : type,
        hash: event.hash,
        previousHash: event.previousHash,
      };
    }),
    texts: auditTrailTexts(t),
    ...(attachments.listed.items.length > 0 ? { attachments: attachments.listed } : {}),
    ...(settings.embedVerification ? { verification: { url: deps.verificationUrl } } : {}),
  };
  return {
    stamp,
    auditTrail,
    reason: t('sealing:seal.reason', { brand: deps.brandName }),
    location: t('sealing:seal.location', { brand: deps.brandName }),
  };
}

type Translate = ReturnType<typeof createTranslator>;

/**
 * The recipients' attachments, embedded as files (their bytes as attached, so each SHA-256 stays checkable; the
 * document's pages and fields stay as the parties signed them) and listed in the audit trail with who and when.
 */
async function attachmentsOf(source: SealSource, storage: Storage, t: Translate) {
  const fileNames = attachmentFileNames(source.attachments.map(({ attachment }) => attachment.title));
  const embedded: SealAttachment[] = [];
  const items: NonNullable<AuditTrailRequest['attachments']>['items'] = [];
  for (const [index, { attachment, partyName }] of source.attachments.entries()) {
    const fileName = fileNames[index] ?? `${attachment.title}.pdf`;
    const attachedBy = partyName ?? '—';
    const attachedAt = attachment.createdAt.toISOString();
    embedded.push({
      fileName,
      bytes: await readStored(storage, attachment.storageKey),
      description: t('sealing:auditAttachments.description', { name: attachedBy }),
      attachedAt,
    });
    items.push({ title: attachment.title, fileName, attachedBy, attachedAt, sha256: attachment.sha256 });
  }
  const keys = ['heading', 'intro', 'fileName', 'attachedBy', 'attachedAt', 'sha256'] as const;
  const texts = Object.fromEntries(keys.map((key) => [key, t(`sealing:auditAttachments.${key}`)]));
  return { embedded, listed: { items, texts: texts as Record<(typeof keys)[number], string> } };
}

function auditTrailTexts(t: Translate): AuditTrailRequest['texts'] {
  const keys = [
    'title',
    'documentName',
    'documentId',
    'originalSha256',
    'finalSha256',
    'parties',
    'contact',
    'method',
    'verifiedIdentity',
    'ipAddress',
    'userAgent',
    'signedInAccount',
    'timeZone',
    'signedAt',
    'history',
    'hashChain',
    'verifyAt',
    'footnote',
  ] as const;
  const texts = Object.fromEntries(keys.map((key) => [key, t(`sealing:auditTrail.${key}`)]));
  // The renderer fills the page numbers itself.
  const pageOf = t('sealing:auditTrail.pageOf', {
    page: '{{page}}',
    pages: '{{pages}}',
    interpolation: { escapeValue: false },
  });
  return { ...texts, pageOf } as AuditTrailRequest['texts'];
}

function methodOfType(type: string): SignedSlot['method'] {
  if (type === 'bankid') return 'bankid';
  if (type === 'id-e-signature') return 'ink-with-id';
  if (type === 'live-id') return 'id-live';
  return 'ink';
}

/** 199001011234 → 19900101-1234, or 19900101-**** when the document hides personal numbers. */
export function formatPersonalNumber(digits: string, hide: boolean): string {
  const date = digits.slice(0, 8);
  return `${date}-${hide ? '****' : digits.slice(8)}`;
}

function slotOf(signature: SignatureRow, hidePersonalNumber: boolean): SignedSlot {
  return {
    signatureIndex: signature.signatureIndex,
    method: signature.method,
    signerName: signature.signerName,
    ...(signature.clarifiedName ? { clarifiedName: signature.clarifiedName } : {}),
    ...(signature.personalNumber && !hidePersonalNumber
      ? { personalNumber: formatPersonalNumber(signature.personalNumber, false) }
      : {}),
    signedAt: signature.signedAt.toISOString(),
    ...(signature.ink ? ('typed' in signature.ink ? { typed: signature.ink.typed } : { ink: signature.ink }) : {}),
  };
}

/** The method as the audit trail names it; an e-signature also says whether it was drawn or typed. */
function auditMethodOf(t: Translate, signature: SignatureRow | undefined, signatureType: string): string {
  const method = t(`sealing:auditTrail.methods.${signature?.method ?? methodOfType(signatureType)}`);
  if (!signature?.ink) return method;
  return t(`sealing:signatureAppearance.${'typed' in signature.ink ? 'typed' : 'drawn'}`, { method });
}

function signatureDetails(
  signature: SignatureRow,
  hidePersonalNumber: boolean,
  notSignedIn: string,
): Partial<AuditParty> {
  const identity = signature.personalNumber
    ? `${signature.signerName}, ${formatPersonalNumber(signature.personalNumber, hidePersonalNumber)}`
    : undefined;
  return {
    ...(identity ? { verifiedIdentity: identity } : {}),
    ...(signature.ipAddress ? { ipAddress: signature.ipAddress } : {}),
    ...(signature.userAgent ? { userAgent: signature.userAgent } : {}),
    ...(signature.signingSession ? { signedInAccount: signature.signingSession.email ?? notSignedIn } : {}),
    ...(signature.timeZoneOffsetMinutes !== null ? { timeZone: utcOffset(signature.timeZoneOffsetMinutes) } : {}),
    signedAt: signature.signedAt.toISOString(),
  };
}

/** The browser's getTimezoneOffset() is minutes BEHIND UTC: -60 is UTC+01:00. */
export function utcOffset(browserOffsetMinutes: number): string {
  const ahead = -browserOffsetMinutes;
  const sign = ahead >= 0 ? '+' : '-';
  const minutes = Math.abs(ahead);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
