import { z } from 'zod';
import { currencies } from '../constants.ts';
import { type AddOnId, addOnIds } from './add-ons.ts';

/**
 * Add-ons (SPEC sections 3 and 5; DECISIONS "prices"): each bought for a year at its yearly fee, VAT on top for
 * Swedish customers, through Stripe Checkout like a top-up. Any account may buy them, personal or company.
 */

/** What an add-on turns on: the checks of SPEC section 5 that read it, named for the screens and the API. */
export const addOnFeatures = [
  'sms-invitations',
  'sms-reminders',
  'whatsapp-invitations',
  'whatsapp-reminders',
  'mobile-number-verification',
  'email-verification',
  'templates',
  'account-document-sharing',
  'smart-fields',
] as const;
export type AddOnFeature = (typeof addOnFeatures)[number];

export const addOnEnables: Record<AddOnId, readonly AddOnFeature[]> = {
  'sms-invitation': ['sms-invitations', 'sms-reminders'],
  'whatsapp-invitation': ['whatsapp-invitations', 'whatsapp-reminders'],
  'mobile-verification': ['mobile-number-verification'],
  'email-verification': ['email-verification'],
  templates: ['templates'],
  'account-document-sharing': ['account-document-sharing'],
  'smart-fields': ['smart-fields'],
};

/**
 * An add-on is bought for one year. A renewal is only sold in the active year's last 30 days (earlier, the caller is
 * told it is already active), and then adds a year to the current end, so no paid day is lost.
 */
export const addOnRenewalWindowDays = 30;

export const ZAddOn = z
  .object({
    AddOnId: z.enum(addOnIds),
    /** One year, excluding VAT, in minor units of `Currency`. */
    YearlyFee: z.number().int().positive(),
    /** 25 for Swedish customers, 0 otherwise: added on top of the fee. */
    VatPercent: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    Active: z.boolean(),
    /** ISO 8601, UTC, while active; null when inactive or active without an end (granted, not bought). */
    ActiveUntil: z.string().nullable(),
    /** Whether a purchase now would be accepted: not active, or in its last 30 days. */
    CanBuy: z.boolean(),
    Enables: z.array(z.enum(addOnFeatures)),
  })
  .meta({ id: 'AddOn' });
export type AddOn = z.infer<typeof ZAddOn>;

/** `GET linktinker/app/addons`: every add-on, in the catalogue's order, priced in the account's currency. */
export const ZAddOnsResponse = z.object({ AddOns: z.array(ZAddOn) });
export type AddOnsResponse = z.infer<typeof ZAddOnsResponse>;

/**
 * The fields the service fills in itself once the 'smart-fields' add-on is active: placed in the editor, their
 * value comes from the signing, never from a party's typing.
 */
export const smartFieldIds = [
  'signing-date',
  'signer-verified-name',
  'personal-number',
  'organisation-number',
] as const;
export type SmartFieldId = (typeof smartFieldIds)[number];

/** Where each smart field's value comes from, so the client can say it in its own words. */
export const smartFieldSources: Record<SmartFieldId, 'signing' | 'identification' | 'account'> = {
  'signing-date': 'signing',
  'signer-verified-name': 'identification',
  'personal-number': 'identification',
  'organisation-number': 'account',
};

export const ZSmartField = z
  .object({
    SmartFieldId: z.enum(smartFieldIds),
    Source: z.enum(['signing', 'identification', 'account']),
  })
  .meta({ id: 'SmartField' });
export type SmartField = z.infer<typeof ZSmartField>;

/** `GET linktinker/app/addons/smartfields`: the smart fields, and whether the account's add-on makes them usable. */
export const ZSmartFieldsResponse = z.object({
  Active: z.boolean(),
  SmartFields: z.array(ZSmartField),
});
export type SmartFieldsResponse = z.infer<typeof ZSmartFieldsResponse>;

/** `POST linktinker/app/payments/addons/activate`: the add-on to buy; its price comes from the server's price list. */
export const ZActivateAddOnRequest = z.object({ AddOnId: z.enum(addOnIds) }).strict();
export type ActivateAddOnRequest = z.infer<typeof ZActivateAddOnRequest>;

export const ZActivateAddOnResponse = z.object({
  PaymentId: z.string(),
  /** Stripe's Checkout Session id, which the return page polls `sessions/{id}` with. */
  SessionId: z.string(),
  /** The hosted checkout page to send the buyer to. */
  Url: z.string(),
});
export type ActivateAddOnResponse = z.infer<typeof ZActivateAddOnResponse>;
