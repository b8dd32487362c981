import { z } from 'zod';
import { ZFormSubmission } from './link-forms.ts';

/**
 * A recipient's form as the document's sender sees it (`GET linktinker/errands/{id}/forms`; issue 8, part 7): the
 * submission, whose link it came through, whether its PDF can be downloaded, and on which channels its submitter
 * will hear the decision. The subscribed addresses themselves stay the submitter's: only the channels show.
 */
export const ZOwnerFormSubmission = ZFormSubmission.extend({
  /** The party of the link it came through; null for a link without a party. */
  submitter: z.object({ name: z.string(), signatureIndex: z.number().int() }).nullable(),
  /** The filled PDF was made (on submit or share): `errands/{id}/forms/{formId}/pdf` serves it. */
  hasPdf: z.boolean(),
  /** Where the decision will be sent (SPEC subscribeEmailAddress / subscribePhonenumber). */
  notifies: z.array(z.enum(['email', 'sms'])),
}).meta({ id: 'OwnerFormSubmission' });
export type OwnerFormSubmission = z.infer<typeof ZOwnerFormSubmission>;

export const ZOwnerFormsResponse = z.object({ forms: z.array(ZOwnerFormSubmission) });
export type OwnerFormsResponse = z.infer<typeof ZOwnerFormsResponse>;
