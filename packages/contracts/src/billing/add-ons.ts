/** SPEC section 3, Receipt: the add-on ids. Billing sells them; messaging and documents ask for them. */
export const addOnIds = [
  'sms-invitation',
  'whatsapp-invitation',
  'mobile-verification',
  'email-verification',
  'templates',
  'account-document-sharing',
] as const;

export type AddOnId = (typeof addOnIds)[number];
