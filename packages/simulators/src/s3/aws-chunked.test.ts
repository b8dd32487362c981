import { describe, expect, it } from 'vitest';
import { decodeAwsChunked, isAwsChunked } from './aws-chunked.ts';

describe('decodeAwsChunked', () => {
  it('decodes unsigned chunks with a checksum trailer, as SDK flexible checksums send them', () => {
    const encoded = Buffer.from('5\r\nhello\r\n7\r\n, world\r\n0\r\nx-amz-checksum-crc32:rCEeQQ==\r\n\r\n', 'latin1');
    expect(decodeAwsChunked(encoded)).toEqual({
      body: Buffer.from('hello, world'),
      trailers: { 'x-amz-checksum-crc32': 'rCEeQQ==' },
    });
  });

  it('decodes signed chunks (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) and binary data containing CRLF', () => {
    const binary = Buffer.from([0x0d, 0x0a, 0x00, 0xff, 0x0d, 0x0a, 0x30]);
    const encoded = Buffer.concat([
      Buffer.from(`${binary.length.toString(16)};chunk-signature=${'a'.repeat(64)}\r\n`),
      binary,
      Buffer.from(`\r\n0;chunk-signature=${'b'.repeat(64)}\r\n\r\n`),
    ]);
    expect(decodeAwsChunked(encoded)).toEqual({ body: binary, trailers: {} });
  });

  it('rejects malformed bodies', () => {
    expect(() => decodeAwsChunked(Buffer.from('zz\r\nhello\r\n0\r\n\r\n'))).toThrow('bad chunk header');
    expect(() => decodeAwsChunked(Buffer.from('10\r\nshort\r\n'))).toThrow('truncated');
    expect(() => decodeAwsChunked(Buffer.from('5\r\nhelloXX0\r\n\r\n'))).toThrow('CRLF');
  });

  it('recognises aws-chunked requests by encoding or payload hash', () => {
    expect(isAwsChunked({ 'content-encoding': 'gzip, aws-chunked' })).toBe(true);
    expect(isAwsChunked({ 'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER' })).toBe(true);
    expect(isAwsChunked({ 'content-encoding': 'gzip', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' })).toBe(false);
  });
});
