import type { ZValidateLinkBankIdRequest, ZValidateLinkOrgNumberRequest } from '@signlink/contracts/bankid/link-bankid';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { findVerificationOfOrder, insertLinkVerification } from '../links/links.repository.ts';
import { usableLink } from '../links/usable-link.ts';
import { confirmedIdentity } from './bankid-identity.ts';
import type { BankIdOrderRow } from './bankid-orders.repository.ts';
import { markOrderConsumed } from './bankid-orders.repository.ts';
import {
  type BankIdDeps,
  refreshBankIdOrder,
  type StartOrderInput,
  settledBankIdOrder,
  startBankIdOrder,
} from './bankid-orders.service.ts';
import { companyOfOrder } from './org-number-check.ts';

export type LinkOrderPurpose = 'link-access' | 'link-signature' | 'link-org-validation';
const linkPurposes = ['link-access', 'link-signature', 'link-org-validation'] as const;

/**
 * Starts a recipient's order for a link: to open it, to sign one of its slots, or to prove they may act for
 * a company. A signature order shows the document's title and SHA-256 in the BankID app and binds both
 * (with the link) into the signature, so the evidence names the exact bytes the person signed.
 */
export async function startLinkBankIdOrder(
  deps: BankIdDeps,
  input: Omit<StartOrderInput, 'sign' | 'authText' | 'purpose'> & { linkId: string; purpose: LinkOrderPurpose },
) {
  const { link, document } = await usableLink(deps.db, input.linkId);
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
  return startBankIdOrder(deps, { ...input, linkId: link.id, ...texts });
}

export async function refreshLinkBankIdOrder(deps: BankIdDeps, linkId: string, clientAccessKey: string) {
  const { link } = await usableLink(deps.db, linkId);
  return refreshBankIdOrder(deps, clientAccessKey, { purposes: linkPurposes, linkId: link.id });
}

/**
 * A completed signature order becomes the verified BankID person of one signature slot (SPEC section 3,
 * verified values kept per index). Validating again with the same key (the browser's retry) answers the
 * same; the same order cannot verify a second slot.
 */
export async function validateLinkSignatureOrder(
  deps: BankIdDeps,
  linkId: string,
  input: z.infer<typeof ZValidateLinkBankIdRequest>,
) {
  const { link } = await usableLink(deps.db, linkId);
  const order = await settledBankIdOrder(deps, input.ClientAccessKey, {
    purposes: ['link-signature'],
    linkId: link.id,
  });
  if (order.status === 'pending') return { Status: order.status };
  const identity = confirmedIdentity(order);
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
  return { Status: order.status, SignatureIndex: input.SignatureIndex, User: identity.user };
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
