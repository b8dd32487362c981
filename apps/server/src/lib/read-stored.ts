import type { Storage } from '@signlink/providers/storage/storage.port';

/** A stored object's bytes in memory: for PDFs, which the PDF code reads whole anyway. */
export async function readStored(storage: Storage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get({ key })) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}
