/**
 * Test files send many codes from one address (127.0.0.1), far beyond what one person would: the servers they start
 * allow that many. The rate-limit tests set the real values back (modules/rate-limits).
 */
export const testRateLimits = { RATE_LIMIT_CLIENT_SENDS: '1000' };
