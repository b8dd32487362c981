/**
 * Decodes an `aws-chunked` request body (Content-Encoding: aws-chunked), which the AWS SDK sends for streamed
 * uploads: `x-amz-content-sha256: STREAMING-UNSIGNED-PAYLOAD-TRAILER` (SDK 3.729+ flexible checksums) or the
 * signed `STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]` variants. Wire format, per chunk:
 *   <size in hex>[;chunk-signature=<hex>]\r\n<size bytes>\r\n
 * ending with a zero-size chunk, optional trailer lines (`x-amz-checksum-crc32:<base64>`), and an empty line.
 * Signatures and trailing checksums are not verified (see the note in s3-simulator.ts).
 */
export function decodeAwsChunked(encoded: Buffer): { body: Buffer; trailers: Record<string, string> } {
  const chunks: Buffer[] = [];
  const trailers: Record<string, string> = {};
  let offset = 0;

  function readLine(): string {
    const end = encoded.indexOf('\r\n', offset, 'latin1');
    if (end === -1) throw new Error('aws-chunked: missing CRLF');
    const line = encoded.toString('latin1', offset, end);
    offset = end + 2;
    return line;
  }

  for (;;) {
    const header = readLine();
    const sizeHex = header.split(';', 1)[0]?.trim() ?? '';
    if (!/^[0-9a-fA-F]+$/.test(sizeHex)) throw new Error(`aws-chunked: bad chunk header "${header}"`);
    const size = Number.parseInt(sizeHex, 16);
    if (size === 0) break;
    if (offset + size + 2 > encoded.length) throw new Error('aws-chunked: truncated chunk');
    chunks.push(encoded.subarray(offset, offset + size));
    offset += size;
    if (encoded.toString('latin1', offset, offset + 2) !== '\r\n')
      throw new Error('aws-chunked: chunk not followed by CRLF');
    offset += 2;
  }

  // Trailer section: header lines until an empty line or the end of the body.
  while (offset < encoded.length) {
    const line = readLine();
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { body: Buffer.concat(chunks), trailers };
}

/** Whether the request body is aws-chunked and must be decoded before it is stored. */
export function isAwsChunked(headers: Record<string, string | string[] | undefined>): boolean {
  const encoding = String(headers['content-encoding'] ?? '');
  const contentSha = String(headers['x-amz-content-sha256'] ?? '');
  return encoding.split(',').some((part) => part.trim() === 'aws-chunked') || contentSha.startsWith('STREAMING-');
}
