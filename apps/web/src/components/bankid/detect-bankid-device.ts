import type { BankIdDevice } from './bankid-machine.ts';

interface NavigatorLike {
  userAgent: string;
  maxTouchPoints?: number;
}

/**
 * Which start options SPEC section 4 offers. iPadOS 13+ reports a Mac user agent, so a "Macintosh" with a touch
 * screen is an iPad.
 */
export function detectBankIdDevice({ userAgent, maxTouchPoints = 0 }: NavigatorLike): BankIdDevice {
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ipad';
  if (/Android|iPhone|iPod|Mobile|Windows Phone/i.test(userAgent)) return 'phone';
  return 'desktop';
}
