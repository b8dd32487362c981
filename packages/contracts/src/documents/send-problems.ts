import type { AddOnId } from '../billing/add-ons.ts';
import { normalizeEmailAddress } from '../validation/email-address.ts';
import { normalizePhoneNumber } from '../validation/phone-number.ts';
import {
  availableSignatureTypes,
  channelsOfInvitationMethod,
  type FieldType,
  type FileRules,
  type InvitationMethod,
  type PdfFormField,
  parseFieldName,
  type SignatureType,
} from './document-model.ts';
import type { SendProblem, SendProblemCode } from './send-document.ts';

export interface DraftToSend {
  title: string;
  files: readonly { rules: FileRules; formFields: readonly PdfFormField[] }[];
  parties: readonly {
    signatureIndex: number;
    email: string | null;
    phone: string | null;
    invitationMethod: InvitationMethod;
    signatureType: SignatureType;
    /** Sign & Pay: the party pays, and what (SPEC section 3, `requiresPayment` and `paymentLinkId`). */
    getPaid?: boolean;
    paymentProductId?: string | null;
  }[];
  activeAddOns: readonly AddOnId[];
}

const addOnOfTextChannel = { sms: 'sms-invitation', whatsapp: 'whatsapp-invitation' } as const;

/**
 * The fields of a file that belong to a signature slot: those the sender placed (or adopted from the PDF), and the
 * PDF's own fields already named in our encoding (issue 6, part 2: a document may use them without placing any).
 */
function slotFieldsOf(file: DraftToSend['files'][number]) {
  const adopted = new Set(file.rules.fields.flatMap((field) => (field.pdfFieldName ? [field.pdfFieldName] : [])));
  const placed = file.rules.fields.map((field, index) => ({
    type: field.type as FieldType,
    signatureIndex: field.signatureIndex,
    path: `Fields[${index}]`,
  }));
  const own = file.formFields.flatMap((field) => {
    const parsed = adopted.has(field.name) ? null : parseFieldName(field.name);
    return parsed
      ? [{ type: parsed.type, signatureIndex: parsed.signatureIndex, path: `FormFields[${field.name}]` }]
      : [];
  });
  return [...placed, ...own];
}

/** How sending reaches a party: the invitation method's channels, on its e-mail address or mobile number. */
export interface PartyContact {
  email: string | null;
  phone: string | null;
  invitationMethod: InvitationMethod;
}

export interface ContactProblem {
  code: Extract<SendProblemCode, 'party-without-contact' | 'invalid-email' | 'invalid-phone'>;
  field: 'Email' | 'Phone';
}

/**
 * SPEC section 5, "incorrect e-mails or phones block sending": each channel of the invitation method needs its
 * address or number, and a valid one. The editor shows these at the party's fields as they are typed.
 */
export function findContactProblems(party: PartyContact): ContactProblem[] {
  const channels = channelsOfInvitationMethod[party.invitationMethod];
  const problems: ContactProblem[] = [];
  if (channels.includes('email')) {
    if (!party.email?.trim()) problems.push({ code: 'party-without-contact', field: 'Email' });
    else if (!normalizeEmailAddress(party.email).isValid) problems.push({ code: 'invalid-email', field: 'Email' });
  }
  if (channels.some((channel) => channel !== 'email')) {
    if (!party.phone?.trim()) problems.push({ code: 'party-without-contact', field: 'Phone' });
    else if (!normalizePhoneNumber(party.phone).isValid) problems.push({ code: 'invalid-phone', field: 'Phone' });
  }
  return problems;
}

/** A party sending can reach. Only these are priced: one it cannot reach is refused at sending, never charged. */
export function isReachable(party: PartyContact): boolean {
  return findContactProblems(party).length === 0;
}

/**
 * SPEC section 5 for sending, every problem at once so the editor can show them together: a name; a file; at least
 * one signature field; every party reachable on its invitation method's channels with a valid address or number;
 * every party with a signature field; every field used by an existing party ("all placed signature fields must be
 * used or removed"); SMS or WhatsApp only with the matching add-on; a product for every party asked to pay. The quote lists them before sending too.
 */
export function findSendProblems(draft: DraftToSend): SendProblem[] {
  const problems: SendProblem[] = [];
  if (!draft.title.trim()) problems.push({ code: 'name-required', path: 'Name' });
  if (draft.files.length === 0) problems.push({ code: 'no-file', path: 'Files' });

  const fields = draft.files.flatMap((file, fileIndex) =>
    slotFieldsOf(file).map((field) => ({ ...field, path: `Files[${fileIndex}].${field.path}` })),
  );
  const signatureSlots = new Set(fields.filter((field) => field.type === 'signature').map((f) => f.signatureIndex));
  if (draft.files.length > 0 && signatureSlots.size === 0) {
    problems.push({ code: 'no-signature-field', path: 'Files' });
  }

  const partySlots = new Set<number>();
  draft.parties.forEach((party, index) => {
    const path = `Parties[${index}]`;
    const { signatureIndex } = party;
    if (partySlots.has(signatureIndex)) {
      problems.push({ code: 'duplicate-signature-index', path, signatureIndex });
    }
    partySlots.add(signatureIndex);
    if (!availableSignatureTypes.includes(party.signatureType)) {
      problems.push({ code: 'signature-type-unavailable', path: `${path}.SignatureType`, signatureIndex });
    }
    for (const { code, field } of findContactProblems(party)) {
      problems.push({ code, path: `${path}.${field}`, signatureIndex });
    }
    for (const channel of channelsOfInvitationMethod[party.invitationMethod]) {
      if (channel !== 'email' && !draft.activeAddOns.includes(addOnOfTextChannel[channel])) {
        problems.push({ code: 'add-on-required', path: `${path}.InvitationMethod`, signatureIndex });
      }
    }
    if (!signatureSlots.has(signatureIndex)) {
      problems.push({ code: 'party-without-signature-field', path, signatureIndex });
    }
    if (party.getPaid && !party.paymentProductId) {
      problems.push({ code: 'payment-product-required', path: `${path}.PaymentProductId`, signatureIndex });
    }
  });

  for (const field of fields) {
    if (!partySlots.has(field.signatureIndex)) {
      problems.push({ code: 'field-without-party', path: field.path, signatureIndex: field.signatureIndex });
    }
  }
  return problems;
}
