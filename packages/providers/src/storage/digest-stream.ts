import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { StorageBody } from './storage.port.ts';

export interface Digest {
  size: number;
  sha256: string;
}

/** A pass-through that counts and hashes the bytes flowing through it, so storing needs only one pass. */
export class DigestStream extends Transform {
  #hash: Hash = createHash('sha256');
  #size = 0;
  #digest: Digest | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#hash.update(chunk);
    this.#size += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#digest = { size: this.#size, sha256: this.#hash.digest('hex') };
    callback();
  }

  /** Available once every byte has passed through; throws before that so a partial hash is never recorded. */
  get digest(): Digest {
    if (!this.#digest) throw new Error('DigestStream read before the stream ended');
    return this.#digest;
  }
}

/** Bytes become a one-chunk stream, so adapters have a single code path. */
export function toReadable(body: StorageBody): Readable {
  if (!(body instanceof Uint8Array)) return body;
  return Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
}
