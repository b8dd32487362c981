import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { S3StorageConfig } from './s3.adapter.ts';
import type { ListedObject, Storage } from './storage.port.ts';

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

/** Every object a listing yields, checking that no page exceeds the page size. */
export async function listAll(
  storage: Storage,
  input: { prefix?: string; pageSize?: number } = {},
): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  for await (const page of storage.list(input)) {
    expect(page.length).toBeGreaterThan(0);
    expect(page.length).toBeLessThanOrEqual(input.pageSize ?? 1000);
    all.push(...page);
  }
  return all.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The real S3 adapter's settings for the S3 simulator at `endpoint`: path style, any credentials. */
export const simulatorS3Config = (input: { endpoint: string; bucket: string; prefix: string }): S3StorageConfig => ({
  ...input,
  region: 'us-east-1',
  forcePathStyle: true,
  accessKeyId: 'simulator',
  secretAccessKey: 'simulator-secret',
});
