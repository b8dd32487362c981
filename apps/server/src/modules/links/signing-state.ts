import { type FileRules, settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import {
  type LinkSignatureSlot,
  type linkDocumentStates,
  type SignatureAggregates,
  signatureTypeCodes,
} from '@signlink/contracts/links/link-access';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { Database, Transaction } from '../../db/database.ts';
import { listDocumentFiles, listDocumentParties, type PartyRow } from '../document-core/document-parts.repository.ts';
import { findSeal, type SealRow } from '../sealing/seal.repository.ts';
import { type DocumentRow, listDocumentSignatures, type SignatureRow } from './link-signatures.repository.ts';
import type { LinkWithDocumentParts } from './recipient-snapshot.repository.ts';

export type LinkDocumentState = (typeof linkDocumentStates)[number];

export interface LinkSigningState {
  slots: LinkSignatureSlot[];
  aggregates: SignatureAggregates;
  state: LinkDocumentState;
  /** Sealed, and the document lets its parties download (SPEC section 3, allow downloading). */
  sealedPdfAvailable: boolean;
}

export interface LinkSigningStateInput {
  document: DocumentRow;
  /**
   * The link's party, null for a link without one. Access is decided by the keys alone (a slot with no entry in the
   * access map is anyone's), so this only names whose link it is, for logs and callers that have it at hand.
   */
  linkPartyId?: string | null;
  /** The recipient's fieldAccessKeys (SPEC section 6). */
  fieldAccessKeys: string[];
}

/**
 * The document's signature slots and aggregates as one recipient sees them (SPEC section 3, signature object), and
 * where the document is. `links/{id}/access`, `links/{id}/status` and every signature's answer read it from here.
 */
export async function findLinkSigningState(
  db: Database | Transaction,
  input: LinkSigningStateInput,
): Promise<LinkSigningState> {
  const { document } = input;
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const files = await listDocumentFiles(db, document.id);
  return signingStateOf({
    document,
    rules: files.map((file) => file.rules),
    parties: await listDocumentParties(db, document.id),
    signatures: await listDocumentSignatures(db, document.id),
    seal: await findSeal(db, document.id),
    fieldAccessKeys: input.fieldAccessKeys,
  });
}

/** The same, from the recipient's one-statement read (access and the status poll). */
export function signingStateOfSnapshot(found: LinkWithDocumentParts): LinkSigningState {
  return signingStateOf({
    document: found.document,
    rules: found.files.map((file) => file.rules),
    parties: found.parties,
    signatures: found.signatures,
    seal: found.seal,
    fieldAccessKeys: fieldAccessKeysOfSnapshot(found),
  });
}

/** The recipient's fieldAccessKeys (SPEC section 6): the invited party's key; none for a link without a party. */
export function fieldAccessKeysOfSnapshot(found: Pick<LinkWithDocumentParts, 'party'>): string[] {
  return found.party ? [found.party.accessKey] : [];
}

/** The same, from rows already read (a signature's transaction has them). */
export function signingStateOf(input: {
  document: Pick<DocumentRow, 'state' | 'settings' | 'language'>;
  rules: FileRules[];
  parties: Pick<
    PartyRow,
    'signatureIndex' | 'signatureType' | 'getPaid' | 'signedAt' | 'paidAt' | 'paymentProductId' | 'getPaidLabel'
  >[];
  signatures: Pick<SignatureRow, 'signatureIndex' | 'signedAt' | 'clarifiedName' | 'formValues'>[];
  seal: Pick<SealRow, 'status' | 'sealedStorageKey'> | undefined;
  fieldAccessKeys: string[];
}): LinkSigningState {
  const { document, rules, parties, signatures, seal } = input;
  const settings = settingsWithDefaults(document.settings);
  const locale = settings.englishLanguage ? 'en-us' : document.language;
  const signatureByIndex = new Map(signatures.map((row) => [row.signatureIndex, row]));

  const slots = parties.map((party): LinkSignatureSlot & { signedAtMs: number; paidAtMs: number } => {
    const key = String(party.signatureIndex);
    const signature = signatureByIndex.get(party.signatureIndex);
    const signedAt = signature?.signedAt ?? party.signedAt;
    const label = rules.map((rule) => rule.labels?.[key]).find((value) => value?.trim());
    return {
      index: party.signatureIndex,
      type: signatureTypeCodes[party.signatureType],
      label: label ?? defaultSlotLabel(locale, party.signatureIndex),
      hasDefaultLabel: label === undefined,
      access: canUseSlot(rules, party.signatureIndex, input.fieldAccessKeys),
      fields: rules.flatMap((rule) =>
        rule.fields.filter((field) => field.signatureIndex === party.signatureIndex).map((field) => field.id),
      ),
      signed: signedAt !== null,
      signedAt: signedAt?.toISOString() ?? null,
      nameClarificationIsConfirmed: Boolean(signature?.clarifiedName),
      clarifiedName: signature?.clarifiedName ?? null,
      paid: party.paidAt !== null,
      requiresPayment: party.getPaid,
      paymentLinkId: party.getPaid ? party.paymentProductId : null,
      getPaidLabel: party.getPaid ? party.getPaidLabel || null : null,
      requireEmailVerification: party.getPaid && settings.requireEmailVerificationForSignAndPay,
      // Only a signature's own values: the form a party saves before signing is a draft no one else sees.
      filledValues: signature?.formValues ?? {},
      signedAtMs: signedAt?.getTime() ?? -1,
      paidAtMs: party.paidAt?.getTime() ?? -1,
    };
  });

  const mine = slots.filter((slot) => slot.access);
  const latest = slots.reduce<(typeof slots)[number] | undefined>(
    (last, slot) => (slot.signed && (!last || slot.signedAtMs > last.signedAtMs) ? slot : last),
    undefined,
  );
  const allSigned = slots.length > 0 && slots.every((slot) => slot.signed);
  const lastPayment = slots.reduce<(typeof slots)[number] | undefined>(
    (last, slot) => (slot.paid && (!last || slot.paidAtMs > last.paidAtMs) ? slot : last),
    undefined,
  );
  const isPaidOrFree = (slot: (typeof slots)[number]) => !slot.requiresPayment || slot.paid;
  const aggregates: SignatureAggregates = {
    allSigned,
    anySigned: slots.some((slot) => slot.signed),
    // A recipient with no slot of their own has nothing signed: the page must not say "you have signed".
    userAllSigned: mine.length > 0 && mine.every((slot) => slot.signed),
    lastSignByMe: latest?.access ?? false,
    allPaid: slots.every(isPaidOrFree),
    userAllPaid: mine.every(isPaidOrFree),
    lastPaymentByMe: lastPayment?.access ?? false,
  };
  const isSealed = seal?.status === 'sealed' && Boolean(seal.sealedStorageKey);
  return {
    slots: slots.map(({ signedAtMs: _, paidAtMs: __, ...slot }) => slot),
    aggregates,
    state: stateOf(document, allSigned, seal),
    sealedPdfAvailable: isSealed && settings.allowDownloading,
  };
}

// The translations are bundled and never change while running; i18next's lookup and interpolation cost more than
// the rest of the access call's slot building. Keys are few: three languages times at most maxSignatureIndex slots.
const slotLabels = new Map<string, string>();
function defaultSlotLabel(locale: Locale, signatureIndex: number): string {
  const key = `${locale}:${signatureIndex}`;
  let label = slotLabels.get(key);
  if (label === undefined) {
    // People count from one: slot 0 is "Sign 1".
    label = createTranslator(locale)('messages:signatureSlots.defaultLabel', { number: signatureIndex + 1 });
    slotLabels.set(key, label);
  }
  return label;
}

/**
 * SPEC section 6: a slot is usable when one of the user's fieldAccessKeys matches its key in the rules' access map;
 * a slot with no entry (in any file) is open to all.
 */
export function canUseSlot(rules: FileRules[], signatureIndex: number, fieldAccessKeys: readonly string[]): boolean {
  const keys = rules.flatMap((rule) => rule.access[String(signatureIndex)] ?? []);
  return keys.length === 0 || keys.some((key) => fieldAccessKeys.includes(key));
}

function stateOf(
  document: Pick<DocumentRow, 'state'>,
  allSigned: boolean,
  seal: Pick<SealRow, 'status'> | undefined,
): LinkDocumentState {
  if (document.state === 'withdrawn') return 'withdrawn';
  if (document.state === 'expired') return 'expired';
  if (document.state === 'completed' || seal?.status === 'sealed') return 'completed';
  if (!allSigned) return 'open';
  return seal?.status === 'failed' ? 'seal-failed' : 'sealing';
}
