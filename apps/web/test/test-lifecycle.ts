/**
 * What a test opened and must not outlive it (app services, HTTP servers): test/setup.ts ends them after each
 * test, the last opened first, before React's tree is unmounted.
 */
const endings: (() => void | Promise<void>)[] = [];

export function endAfterTest(end: () => void | Promise<void>): void {
  endings.push(end);
}

export async function endTestResources(): Promise<void> {
  for (let end = endings.pop(); end; end = endings.pop()) await end();
}
