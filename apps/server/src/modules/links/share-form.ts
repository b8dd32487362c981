import type { BrandId } from '@signlink/brands/brand-config';
import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { ZShareFormRequest } from '@signlink/contracts/links/link-forms';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  contactProofMinutes,
  type FormRecipient,
  formRecipientsOf,
  isSameContact,
  queueFormMessages,
  verifiedContactsOf,
} from './form-messages.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { type LinkAccess, requireLinkAccess } from './link-access-guard.ts';
import { listLinkProofs, updateLinkForm } from './link-forms.repository.ts';
import { type SubmitFormDeps, withFrozenPdf } from './submit-form.ts';

type ShareBody = z.output<typeof ZShareFormRequest>;

/**
 * `POST …/forms/share` (issue 8, part 7): the filled form to one address or number, which freezes it (SPEC
 * section 4) and marks it sharing until the owner decides. The destination must be proved (see the contract):
 * the key of a code checked at this link for exactly that destination, within an hour; or `skipVerification` for
 * the link's own verified contact. Writes 'form-shared' with the channel (not the address: the history is shown
 * to the document's viewers).
 */
export async function shareLinkForm(deps: SubmitFormDeps, input: { linkId: string; brand: BrandId; body: ShareBody }) {
  const { body } = input;
  const access = await requireLinkAccess(deps, input.linkId, body.requestToken);
  // SPEC section 3, "enable sharing": off by default, so only a document whose sender turned it on may be shared.
  const settings = settingsWithDefaults(access.document.settings);
  if (!settings.enableSharing) throw new AppError('FORBIDDEN', { details: { reason: 'sharing-disabled' } });
  const [recipient] = formRecipientsOf({
    recipientaddresses: body.emailAddress ? [body.emailAddress] : [],
    recipientphonenumbers: body.smsPhoneNumber ? [body.smsPhoneNumber] : [],
  });
  if (!recipient) throw new AppError('VALIDATION_FAILED', { details: { reason: 'no-destination' } });
  // Before the PDF is made: an unproved destination costs the worker pool nothing.
  await assertDestinationProved(deps.db, access, recipient, body);
  return withFrozenPdf(deps, { access, ...body, isSubmit: false }, async (tx, form) => {
    const now = new Date();
    const shared = await updateLinkForm(tx, form.id, {
      frozenAt: form.frozenAt ?? now,
      sharedAt: now,
      isSharing: true,
      ...(body.layerId ? { layerId: body.layerId } : {}),
    });
    const sent = await queueFormMessages(deps, tx, {
      access,
      form: shared,
      recipients: [recipient],
      brand: input.brand,
      purpose: 'share',
    });
    await appendDocumentEvent(tx, {
      documentId: form.documentId,
      type: 'form-shared',
      at: now,
      data: {
        formId: form.id,
        linkId: access.link.id,
        partyId: access.link.partyId,
        channel: recipient.channel,
        verified: body.skipVerification ? 'link-contact' : 'code',
      },
    });
    return { form: presentFormSubmission(shared), sent };
  });
}

async function assertDestinationProved(
  db: Database,
  access: LinkAccess,
  recipient: FormRecipient,
  body: ShareBody,
): Promise<void> {
  if (body.skipVerification) {
    const contacts = await verifiedContactsOf(db, access);
    if (!contacts.some((contact) => isSameContact(contact, recipient))) {
      throw new AppError('FORBIDDEN', { details: { reason: 'verification-required' } });
    }
    return;
  }
  const key = recipient.channel === 'email' ? body.emailVerification : body.smsVerification;
  if (!key) throw new AppError('WRONG_CODE', { details: { reason: 'no-verification' } });
  const since = Date.now() - contactProofMinutes * 60_000;
  const proofs = await listLinkProofs(db, access.link.id);
  const proof = proofs.find((row) => row.codeToken === key);
  // Another link's key, or one for another destination, proves nothing here.
  if (!proof || !isSameContact({ channel: proof.channel, to: proof.destination }, recipient)) {
    throw new AppError('WRONG_CODE', { details: { reason: 'unknown' } });
  }
  if (proof.verifiedAt.getTime() < since) throw new AppError('WRONG_CODE', { details: { reason: 'expired' } });
}
