import { addOnRenewalWindowDays } from '@signlink/contracts/billing/add-on-catalogue';
import { addYearsUtc } from '../../lib/calendar.ts';

/** What the add-on table holds for one add-on of an account, or nothing when it was never had. */
export interface AddOnHolding {
  activatedAt: Date;
  /** Null: granted without an end (the demo seed, support), never bought. */
  expiresAt: Date | null;
}

export interface AddOnState {
  isActive: boolean;
  /** The end of the active period; null when inactive or without an end. */
  activeUntil: Date | null;
  /** Not active, or in its last `addOnRenewalWindowDays`: a purchase would be accepted. */
  canBuy: boolean;
}

const dayMs = 24 * 60 * 60 * 1000;

/** SPEC section 3, Account "add-ons": active while its end is empty or later than `now`. */
export function addOnStateOf(holding: AddOnHolding | undefined, now: Date): AddOnState {
  if (!holding) return { isActive: false, activeUntil: null, canBuy: true };
  if (holding.expiresAt === null) return { isActive: true, activeUntil: null, canBuy: false };
  if (holding.expiresAt.getTime() <= now.getTime()) return { isActive: false, activeUntil: null, canBuy: true };
  const isInRenewalWindow = holding.expiresAt.getTime() - now.getTime() <= addOnRenewalWindowDays * dayMs;
  return { isActive: true, activeUntil: holding.expiresAt, canBuy: isInRenewalWindow };
}

/**
 * The year a purchase paid at `at` buys: from the current end when still active (a renewal loses no paid day), from
 * `at` otherwise. An add-on without an end keeps none; its period is then the year from `at`, for the receipt.
 */
export function nextAddOnPeriod(holding: AddOnHolding | undefined, at: Date): { start: Date; end: Date } {
  const end = holding?.expiresAt;
  const start = end && end.getTime() > at.getTime() ? end : at;
  return { start, end: addYearsUtc(start, 1) };
}
