import { createHash } from 'node:crypto';

/** A stable UUID (version-5 layout) for an idempotency key: pg-boss inserts with ON CONFLICT DO NOTHING on the id. */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export async function waitUntil(isDone: () => boolean, deadline: number) {
  while (Date.now() < deadline) {
    if (isDone()) {
      // A finished handler's `complete` is sent a few microtasks later; look again after them.
      await new Promise((resolve) => setImmediate(resolve));
      if (isDone()) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
