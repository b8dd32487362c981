import type { AddOnId } from '@signlink/contracts/billing/add-ons';
import type { MessageChannel } from '@signlink/contracts/messaging/message-kinds';
import { AppError } from '../../errors.ts';

const addOnOfChannel: Record<Exclude<MessageChannel, 'email'>, AddOnId> = {
  sms: 'sms-invitation',
  whatsapp: 'whatsapp-invitation',
};

/**
 * SPEC section 5: SMS or WhatsApp invitations and reminders need the matching add-on. Documents call
 * this before sending; billing, which sells add-ons, supplies the account's active ones.
 */
export function assertTextAddOn(input: { channel: MessageChannel; activeAddOns: readonly AddOnId[] }) {
  if (input.channel === 'email') return;
  const needed = addOnOfChannel[input.channel];
  if (!input.activeAddOns.includes(needed)) throw new AppError('ADDON_REQUIRED', { details: { addOn: needed } });
}
