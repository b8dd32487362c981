import type { PendingUpload, S3Object } from './s3-store.ts';

const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const UNESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => UNESCAPES[name] ?? '');
}

function element(name: string, value: string | number | boolean): string {
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function errorXml({
  code,
  message,
  resource,
  requestId,
}: Record<'code' | 'message' | 'resource' | 'requestId', string>): string {
  return `${DECLARATION}<Error>${element('Code', code)}${element('Message', message)}${element('Resource', resource)}${element('RequestId', requestId)}</Error>`;
}

export function initiateMultipartUploadXml({
  bucket,
  key,
  uploadId,
}: Record<'bucket' | 'key' | 'uploadId', string>): string {
  return `${DECLARATION}<InitiateMultipartUploadResult xmlns="${NAMESPACE}">${element('Bucket', bucket)}${element('Key', key)}${element('UploadId', uploadId)}</InitiateMultipartUploadResult>`;
}

export function completeMultipartUploadXml({
  location,
  bucket,
  key,
  etag,
}: Record<'location' | 'bucket' | 'key' | 'etag', string>): string {
  return `${DECLARATION}<CompleteMultipartUploadResult xmlns="${NAMESPACE}">${element('Location', location)}${element('Bucket', bucket)}${element('Key', key)}${element('ETag', etag)}</CompleteMultipartUploadResult>`;
}

export function listObjectsV2Xml(input: {
  bucket: string;
  prefix: string;
  maxKeys: number;
  isTruncated: boolean;
  objects: { key: string; object: S3Object }[];
  continuationToken?: string;
  nextContinuationToken?: string;
}): string {
  const contents = input.objects
    .map(
      ({ key, object }) =>
        `<Contents>${element('Key', key)}${element('LastModified', object.lastModified.toISOString())}${element('ETag', object.etag)}${element('Size', object.body.length)}${element('StorageClass', 'STANDARD')}</Contents>`,
    )
    .join('');
  const tokens =
    (input.continuationToken ? element('ContinuationToken', input.continuationToken) : '') +
    (input.nextContinuationToken ? element('NextContinuationToken', input.nextContinuationToken) : '');
  return `${DECLARATION}<ListBucketResult xmlns="${NAMESPACE}">${element('Name', input.bucket)}${element('Prefix', input.prefix)}${element('KeyCount', input.objects.length)}${element('MaxKeys', input.maxKeys)}${element('IsTruncated', input.isTruncated)}${tokens}${contents}</ListBucketResult>`;
}

export function listMultipartUploadsXml(input: {
  bucket: string;
  prefix: string;
  keyMarker: string;
  uploadIdMarker: string;
  maxUploads: number;
  isTruncated: boolean;
  uploads: PendingUpload[];
}): string {
  const last = input.uploads.at(-1);
  const next =
    input.isTruncated && last ? element('NextKeyMarker', last.key) + element('NextUploadIdMarker', last.uploadId) : '';
  const uploads = input.uploads
    .map(
      ({ key, uploadId, initiated }) =>
        `<Upload>${element('Key', key)}${element('UploadId', uploadId)}${element('StorageClass', 'STANDARD')}${element('Initiated', initiated.toISOString())}</Upload>`,
    )
    .join('');
  return `${DECLARATION}<ListMultipartUploadsResult xmlns="${NAMESPACE}">${element('Bucket', input.bucket)}${element('KeyMarker', input.keyMarker)}${element('UploadIdMarker', input.uploadIdMarker)}${next}${element('Prefix', input.prefix)}${element('MaxUploads', input.maxUploads)}${element('IsTruncated', input.isTruncated)}${uploads}</ListMultipartUploadsResult>`;
}

/**
 * Reads the part list of a CompleteMultipartUpload body. The SDK may add per-part checksum elements
 * (`<ChecksumCRC32>`); only PartNumber and ETag matter here. A regular expression suffices for this fixed,
 * flat shape and keeps the simulator free of an XML parser dependency.
 */
export function parseCompleteMultipartUpload(xml: string): { partNumber: number; etag: string }[] | null {
  if (!/<CompleteMultipartUpload[\s>]/.test(xml)) return null;
  const parts: { partNumber: number; etag: string }[] = [];
  for (const match of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const inner = match[1] ?? '';
    const partNumber = /<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(inner)?.[1];
    const etag = /<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1];
    if (partNumber === undefined || etag === undefined) return null;
    parts.push({ partNumber: Number(partNumber), etag: unescapeXml(etag.trim()) });
  }
  return parts;
}
