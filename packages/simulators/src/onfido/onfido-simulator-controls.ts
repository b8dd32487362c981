import type { OnfidoSimulatorControls, OnfidoSimulatorOutcome } from './onfido-simulator.ts';
import type { OnfidoFolderStore } from './onfido-store.ts';

const RESULTS = ['clear', 'consider'];
// A check the tester holds back for a while, but never one a forgotten setting leaves running for a day.
const MAX_DELAY_MS = 10 * 60_000;

/** Whether a partial outcome from a request is acceptable: a message per wrong field. */
export function outcomeProblems(input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of ['faceMatch', 'liveness']) {
    if (input[field] !== undefined && !RESULTS.includes(input[field] as string)) {
      problems.push(`${field} must be clear or consider`);
    }
  }
  const delay = input.delayMs;
  if (
    delay !== undefined &&
    !(Number.isInteger(delay) && (delay as number) >= 0 && (delay as number) <= MAX_DELAY_MS)
  ) {
    problems.push(`delayMs must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
  }
  return problems;
}

/** The face outcome and delay, kept in the data folder: every process's simulator and tester page agree. */
export function folderControls(store: OnfidoFolderStore): OnfidoSimulatorControls {
  return {
    outcome: async () => store.outcome(),
    async setOutcome(change) {
      const problems = outcomeProblems(change as Record<string, unknown>);
      if (problems.length > 0) throw new Error(problems.join('; '));
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const next: OnfidoSimulatorOutcome = { ...store.outcome(), ...defined };
      store.saveOutcome(next);
      return next;
    },
  };
}
