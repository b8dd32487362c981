import { z } from 'zod';
import { currencies } from '../constants.ts';
import { maxPlanYears, pricePlanIds } from './price-list.ts';

/**
 * Price plans (SPEC sections 3, 4, 5 and 9): SMALL, MEDIUM or LARGE, bought for whole years, prepaid excluding VAT,
 * by card or by invoice; each plan year gives a number of signatures, drawn before the balance, that lapse at the
 * year's end. Renewed automatically unless cancelled at least 30 days before the period ends; a cancelled plan is
 * usable until then. Company accounts only.
 */
export const ZPricePlan = z
  .object({
    PricePlanId: z.enum(pricePlanIds),
    /** One year, excluding VAT, in minor units of `Currency`. */
    YearlyFee: z.number().int().positive(),
    SignaturesPerYear: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** 25 for Swedish customers, 0 otherwise: added on top of the fee. */
    VatPercent: z.number().int().nonnegative(),
    /** Whether the plan lets the account share documents within it (SPEC section 5: MEDIUM and LARGE). */
    AllowsSharing: z.boolean(),
  })
  .meta({ id: 'PricePlan' });
export type PricePlan = z.infer<typeof ZPricePlan>;

export const planStatuses = ['active', 'cancelled'] as const;

/** The account's live plan: active, or cancelled and still usable until `EndDate`. */
export const ZActivePricePlan = z
  .object({
    PricePlanId: z.enum(pricePlanIds),
    Status: z.enum(planStatuses),
    Years: z.number().int().positive(),
    /** ISO 8601, UTC. */
    StartDate: z.string(),
    EndDate: z.string(),
    /** The current plan year: its signatures lapse at `YearEndDate`. */
    YearEndDate: z.string(),
    SignaturesPerYear: z.number().int().positive(),
    SignaturesUsed: z.number().int().nonnegative(),
    PaymentMethod: z.enum(['card', 'invoice']),
    /** True while it will renew at `EndDate` (not cancelled). */
    Renews: z.boolean(),
    /** The last moment a cancellation is accepted (30 days before `EndDate`); null once cancelled. */
    CancelBy: z.string().nullable(),
  })
  .meta({ id: 'ActivePricePlan' });
export type ActivePricePlan = z.infer<typeof ZActivePricePlan>;

/** `GET linktinker/app/priceplans`. */
export const ZPricePlansResponse = z.object({
  Currency: z.enum(currencies),
  Plans: z.array(ZPricePlan),
  Active: ZActivePricePlan.nullable(),
  /** False for a personal account: plans need a company account (SPEC section 5). */
  CanOrder: z.boolean(),
  /** Whether the account is registered as an invoice customer, so it may order by invoice. */
  InvoiceCustomer: z.boolean(),
  MaxYears: z.number().int().positive(),
  CancelNoticeDays: z.number().int().positive(),
});
export type PricePlansResponse = z.infer<typeof ZPricePlansResponse>;

export const ZPricePlanParams = z.object({ id: z.enum(pricePlanIds) });
export type PricePlanParams = z.infer<typeof ZPricePlanParams>;
export const ZPricePlanInvoiceParams = z.object({ pricePlanId: z.enum(pricePlanIds) });
export type PricePlanInvoiceParams = z.infer<typeof ZPricePlanInvoiceParams>;

/** Ordering a plan, by card or by invoice: how many years. The price comes from the price list. */
export const ZOrderPricePlanRequest = z.object({ Years: z.number().int().min(1).max(maxPlanYears) }).strict();
export type OrderPricePlanRequest = z.infer<typeof ZOrderPricePlanRequest>;

/** `POST payments/priceplans/{id}/order`: a Checkout page; the plan starts once Stripe says paid. */
export const ZOrderPricePlanResponse = z.object({
  PaymentId: z.string(),
  SessionId: z.string(),
  Url: z.string(),
});
export type OrderPricePlanResponse = z.infer<typeof ZOrderPricePlanResponse>;

/** `POST priceplans/{pricePlanId}/invoice`: the plan starts now; the invoice is sent to the invoice e-mail. */
export const ZInvoicePricePlanResponse = z.object({
  Plan: ZActivePricePlan,
  InvoiceId: z.string(),
  InvoiceNumber: z.number().int().positive(),
});
export type InvoicePricePlanResponse = z.infer<typeof ZInvoicePricePlanResponse>;

/** `POST priceplans/cancel`: the plan, now cancelled and usable until its end. */
export const ZCancelPricePlanResponse = z.object({ Plan: ZActivePricePlan });
export type CancelPricePlanResponse = z.infer<typeof ZCancelPricePlanResponse>;
