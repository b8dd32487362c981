import { refreshLinkBankIdOrderRoute } from '@signlink/contracts/bankid/link-bankid.routes';
import { findLinkDetailsRoute } from '@signlink/contracts/links/link-details.routes';
import { describe, expect, it } from 'vitest';
import { rateLimitsOf } from './rate-limits.ts';

describe('which limits a route counts against (issue 20)', () => {
  it('counts a link lookup, but not a signing page polling its BankID order every second', () => {
    expect(rateLimitsOf(findLinkDetailsRoute)).toEqual(['clientLookups']);
    // Five people signing with BankID behind one office address poll 300 times a minute between them.
    expect(rateLimitsOf(refreshLinkBankIdOrderRoute)).toEqual([]);
  });
});
