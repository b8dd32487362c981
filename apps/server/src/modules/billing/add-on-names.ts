import type { AddOnId } from '@signlink/contracts/billing/add-ons';

/**
 * The add-on as Stripe's checkout page and the receipt print it. Both are in English like a top-up's "Balance
 * top-up": the receipt is one document for the account, whichever language its buyer used.
 */
export const addOnReceiptNames: Record<AddOnId, string> = {
  'sms-invitation': 'SMS invitations',
  'whatsapp-invitation': 'WhatsApp invitations',
  'mobile-verification': 'Mobile number verification',
  'email-verification': 'E-mail verification',
  templates: 'Templates',
  'account-document-sharing': 'Account document sharing',
  'smart-fields': 'Smart fields',
};

export const addOnPaymentDescription = (addOnId: AddOnId) => `Add-on: ${addOnReceiptNames[addOnId]}, one year`;
