import type { MessageChannel, MessageKind } from '@signlink/contracts/messaging/message-kinds';

/*
 * The kinds and channels of packages/contracts/src/messaging/message-kinds.ts, as types only: that module imports zod,
 * and the build puts every library into one shared vendor chunk that each page loads, the recipient view included.
 * message-options.test.ts checks that these lists match the contract's.
 */

export const testMessageKinds = [
  'verification-code',
  'document-invitation',
  'document-reminder',
  'document-completed',
  'document-completed-owner',
  'document-withdrawn',
  'sign-pay-payment',
  'document-shared',
  'form-submitted',
  'form-copy',
  'form-pending-receipt',
  'form-decision',
  'delivery-failed',
  'pin-reset',
  'user-invitation',
  'customer-invitation',
  'receipt',
  'invoice',
  'webhook-disabled',
  'gift-card',
] as const satisfies readonly MessageKind[];

export const testMessageChannels = ['email', 'sms', 'whatsapp'] as const satisfies readonly MessageChannel[];

/** Kinds that may go by SMS or WhatsApp; the rest are e-mail only (a receipt does not fit a text). */
const textableKinds: ReadonlySet<MessageKind> = new Set<MessageKind>([
  'verification-code',
  'document-invitation',
  'document-reminder',
  'document-completed',
  'document-shared',
  'form-copy',
  'form-pending-receipt',
  'form-decision',
  'pin-reset',
]);

/** The channels a kind may use. */
export function channelsFor(kind: MessageKind): readonly MessageChannel[] {
  return textableKinds.has(kind) ? testMessageChannels : ['email'];
}

export function isMessageKind(value: string): value is MessageKind {
  return (testMessageKinds as readonly string[]).includes(value);
}

export function isMessageChannel(value: string): value is MessageChannel {
  return (testMessageChannels as readonly string[]).includes(value);
}
