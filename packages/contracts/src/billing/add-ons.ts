/**
 * SPEC section 3, Receipt: the add-on ids, and smart fields (`addons/smartfields`). Billing sells them; messaging
 * and documents ask for them.
 */
export const addOnIds = [
  'sms-invitation',
  'whatsapp-invitation',
  'mobile-verification',
  'email-verification',
  'templates',
  'account-document-sharing',
  'smart-fields',
] as const;

export type AddOnId = (typeof addOnIds)[number];
