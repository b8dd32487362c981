import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';

/** What both adapters must report for a body, computed independently of them. */
export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Buffer.equals, because toEqual walks large buffers byte by byte and takes seconds. */
export function expectSameBytes(actual: Buffer, expected: Buffer): void {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
