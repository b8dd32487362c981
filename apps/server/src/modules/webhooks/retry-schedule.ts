/**
 * When a failed delivery is tried again (issue 26, part 3): exponential steps with full jitter (a random delay up to
 * the step, so receivers that fail together are not hit together again), then every 10 to 14 hours, until 72 hours
 * after the event; then the delivery has failed.
 */
const seconds = 1000;
const minutes = 60 * seconds;
const hours = 60 * minutes;
export const retrySteps = [5 * seconds, 5 * minutes, 30 * minutes, 2 * hours, 5 * hours, 10 * hours] as const;
export const giveUpAfterMs = 72 * hours;
/** An endpoint whose deliveries failed this long without a success is disabled and its admins told. */
export const disableAfterMs = 5 * 24 * hours;

/** The delay before attempt `attemptsMade + 1`; `random` in [0, 1). */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number {
  const step = retrySteps[attemptsMade - 1];
  if (step === undefined) return 10 * hours + random() * 4 * hours;
  // Never sooner than a second: a zero delay would hammer a receiver that just failed.
  return Math.max(seconds, Math.round(random() * step));
}

/** The next attempt's time, or null when the delivery has run out of time. */
export function nextAttemptAt(input: {
  createdAt: Date;
  now: Date;
  attemptsMade: number;
  random?: () => number;
}): Date | null {
  if (input.now.getTime() - input.createdAt.getTime() >= giveUpAfterMs) return null;
  return new Date(input.now.getTime() + retryDelayMs(input.attemptsMade, input.random));
}
