import type { BrandId } from '@signlink/brands/brand-config';
import type { ZValidateLinkOrgNumberRequest } from '@signlink/contracts/bankid/link-bankid';
import type { ZSignLinkBankIdRequest } from '@signlink/contracts/links/sign-bankid';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { confirmedIdentity } from '../bankid/bankid-identity.ts';
import type { BankIdOrderRow } from '../bankid/bankid-orders.repository.ts';
import { markOrderConsumed } from '../bankid/bankid-orders.repository.ts';
import {
  type BankIdDeps,
  refreshBankIdOrder,
  type StartOrderInput,
  settledBankIdOrder,
  startBankIdOrder,
} from '../bankid/bankid-orders.service.ts';
import { companyOfOrder } from '../companies/org-number-check.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { presentSigningState } from './link-status.ts';
import { findVerificationOfOrder, insertLinkVerification } from './links.repository.ts';
import { assertSlotSignable, recordSlotSignature } from './record-slot-signature.ts';
import { usableLink } from './usable-link.ts';

export type LinkOrderPurpose = 'link-access' | 'link-signature' | 'link-org-validation';
const linkPurposes = ['link-access', 'link-signature', 'link-org-validation'] as const;

/**
 * Starts a recipient's order for a link: to open it, to sign one of its slots, or to prove they may act for
 * a company. A signature order shows the document's title and SHA-256 in the BankID app and binds both
 * (with the link) into the signature, so the evidence names the exact bytes the person signed.
 */
export async function startLinkBankIdOrder(
  deps: LinkBankIdDeps,
  input: Omit<StartOrderInput, 'sign' | 'authText' | 'purpose'> & {
    linkId: string;
    purpose: LinkOrderPurpose;
    signatureIndex?: number | undefined;
  },
) {
  const { link, document } =
    input.purpose === 'link-signature'
      ? await signableLink(deps, input.linkId, input.requestToken, input.signatureIndex)
      : await usableLink(deps.db, input.linkId);
  const t = createTranslator(document.language);
  const texts =
    input.purpose === 'link-signature'
      ? {
          sign: {
            userVisibleData: t('messages:bankIdOrders.signDocument', {
              title: document.title,
              sha256: document.originalSha256,
              interpolation: { escapeValue: false },
            }),
            userNonVisibleData: JSON.stringify({
              documentId: document.id,
              linkId: link.id,
              originalSha256: document.originalSha256,
            }),
          },
        }
      : {
          authText: t(
            input.purpose === 'link-access'
              ? 'messages:bankIdOrders.openDocument'
              : 'messages:bankIdOrders.representCompany',
            { title: document.title, interpolation: { escapeValue: false } },
          ),
        };
  const { signatureIndex: _, ...order } = input;
  return startBankIdOrder(deps, { ...order, linkId: link.id, ...texts });
}

/** What the recipient side's BankID signing needs beyond BankID: the RequestToken's secret and the seal queue. */
export type LinkBankIdDeps = BankIdDeps & {
  secret: string;
  queue: JobQueue;
  database: DatabaseHandle;
  messaging: MessagingContext;
};

/**
 * A signature order is for someone who passed the link's gate (its RequestToken); naming the slot, the slot must be
 * one they may sign by BankID now, so nobody signs in the app for a signature that would then be refused.
 */
async function signableLink(deps: LinkBankIdDeps, linkId: string, requestToken?: string, signatureIndex?: number) {
  const access = await requireLinkAccess(deps, linkId, requestToken);
  if (signatureIndex !== undefined) {
    await assertSlotSignable(deps.db, {
      document: access.document,
      fieldAccessKeys: access.fieldAccessKeys,
      signatureIndex,
      method: 'bankid',
    });
  }
  return access;
}

export async function refreshLinkBankIdOrder(deps: BankIdDeps, linkId: string, clientAccessKey: string) {
  const { link } = await usableLink(deps.db, linkId);
  return refreshBankIdOrder(deps, clientAccessKey, { purposes: linkPurposes, linkId: link.id });
}

/**
 * A completed signature order signs its slot (issue 8, part 6): the BankID person is kept as the slot's verified
 * value (SPEC section 3, verified values kept per index) and the signature recorded with the name and personal number
 * BankID proved. Validating again with the same key (the browser's retry) answers the same and records nothing more;
 * the same order cannot sign a second slot. The recipient's access is the RequestToken the order was started with.
 */
export async function validateLinkSignatureOrder(
  deps: LinkBankIdDeps,
  linkId: string,
  input: z.infer<typeof ZSignLinkBankIdRequest>,
  client: { ipAddress: string | null; userAgent: string | null; sessionUserId: string | null; brand: BrandId },
) {
  const { link } = await usableLink(deps.db, linkId);
  const order = await settledBankIdOrder(deps, input.ClientAccessKey, {
    purposes: ['link-signature'],
    linkId: link.id,
  });
  if (order.status === 'pending') return { Status: order.status };
  const access = await requireLinkAccess(deps, link.id, order.requestToken ?? undefined);
  const identity = confirmedIdentity(order);
  const submissionKey = `bankid:${order.id}`;
  const slot = {
    fieldAccessKeys: access.fieldAccessKeys,
    signatureIndex: input.SignatureIndex,
    method: 'bankid' as const,
  };
  await assertSlotSignable(deps.db, { ...slot, document: access.document, submissionKey });
  const verification = await keepVerification(deps, order, {
    linkId: link.id,
    signatureIndex: input.SignatureIndex,
    kind: 'bankid-person',
    value: {
      personalNumber: identity.personalNumber.digits,
      ...identity.user,
      allowServerSubmit: input.AllowServerSubmit,
      timeZoneOffsetMinutes: input.TimeZoneOffsetMinutes,
    },
  });
  if (verification.signatureIndex !== input.SignatureIndex) {
    throw new AppError('ACTION_CANCELLED', { details: { reason: 'order-used-for-another-slot' } });
  }
  const state = await recordSlotSignature(deps, {
    ...slot,
    documentId: access.document.id,
    submissionKey,
    signerName: identity.user.Name,
    personalNumber: identity.personalNumber.digits,
    formValues: input.FormValues,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    sessionUserId: client.sessionUserId,
    timeZoneOffsetMinutes: input.TimeZoneOffsetMinutes,
    brand: client.brand,
  });
  return {
    Status: order.status,
    SignatureIndex: input.SignatureIndex,
    User: identity.user,
    Signing: presentSigningState(state),
  };
}

/** The recipient's organisation, checked against the registry and, when asked, kept with the link. */
export async function validateLinkOrgNumberOrder(
  deps: BankIdDeps & { registry: CompanyRegistry | undefined },
  linkId: string,
  input: z.infer<typeof ZValidateLinkOrgNumberRequest>,
) {
  const { link } = await usableLink(deps.db, linkId);
  const order = await settledBankIdOrder(deps, input.ClientAccessKey, {
    purposes: ['link-org-validation'],
    linkId: link.id,
  });
  if (order.status === 'pending') return { Status: order.status };
  const { identity, company } = await companyOfOrder(deps.registry, order, input);
  if (input.SaveOrgData) {
    const kept = await keepVerification(deps, order, {
      linkId: link.id,
      signatureIndex: null,
      kind: 'org-number',
      value: { orgNumber: input.OrgNumber, ...company, personalNumber: identity.personalNumber.digits },
    });
    if (kept.value.orgNumber !== input.OrgNumber) {
      throw new AppError('ACTION_CANCELLED', { details: { reason: 'order-used-for-another-company' } });
    }
  }
  return { Status: order.status, User: identity.user, Company: company };
}

/** Consumes the order and keeps what it proved, in one transaction; a concurrent twin finds the first row. */
async function keepVerification(
  deps: BankIdDeps,
  order: BankIdOrderRow,
  row: {
    linkId: string;
    signatureIndex: number | null;
    kind: 'bankid-person' | 'org-number';
    value: Record<string, unknown>;
  },
) {
  return deps.db.transaction(async (tx) => {
    const inserted = await insertLinkVerification(tx, { id: newId('lvr'), bankIdOrderId: order.id, ...row });
    if (inserted) {
      await markOrderConsumed(tx, order.id);
      return inserted;
    }
    const existing = await findVerificationOfOrder(tx, order.id);
    if (!existing) throw new Error(`verification of order ${order.id} vanished`);
    return existing;
  });
}
