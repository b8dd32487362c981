import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { decodeAwsChunked, isAwsChunked } from './aws-chunked.ts';
import { S3MemoryStore, type S3MemoryStoreOptions } from './s3-memory-store.ts';
import { S3Error, type S3Object, type S3Store } from './s3-store.ts';
import {
  completeMultipartUploadXml,
  errorXml,
  initiateMultipartUploadXml,
  listMultipartUploadsXml,
  listObjectsV2Xml,
  parseCompleteMultipartUpload,
} from './s3-xml.ts';

/*
 * An S3 stand-in speaking the REST protocol, path-style (`/<bucket>/<key>`), enough for @aws-sdk/client-s3 and
 * @aws-sdk/lib-storage: PutObject, GetObject, HeadObject, DeleteObject, the four multipart calls, HeadBucket,
 * CreateBucket, ListObjectsV2 (prefix and paging, no delimiter) and ListMultipartUploads (prefix and paging). Objects
 * live in memory (S3MemoryStore, for tests) or in a folder every process shares (S3FolderStore, for the server).
 *
 * Signatures are accepted without verification: the simulator is a local stand-in with throwaway credentials,
 * so checking SigV4 would only re-implement the SDK's own (upstream-tested) signer and add nothing to what our
 * tests prove. Real S3 verifies them, and so fails on bad credentials; the adapter's `check()` covers that case.
 */

export interface S3SimulatorOptions extends S3MemoryStoreOptions {
  /** Share a store across instances, or inspect it from tests; a fresh S3MemoryStore by default. */
  store?: S3Store;
  /** Largest request body accepted; lib-storage sends 5 MiB parts, so the default leaves ample room. */
  bodyLimit?: number;
}

type Query = Record<string, string | undefined>;
type S3Request = FastifyRequest<{ Params: { bucket: string; '*'?: string }; Querystring: Query }>;

const DEFAULT_BODY_LIMIT = 64 * 1024 * 1024;
const DEFAULT_MAX_KEYS = 1000;

function requestBody(req: S3Request): Buffer {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!isAwsChunked(req.headers)) return raw;
  try {
    return decodeAwsChunked(raw).body;
  } catch (error) {
    throw new S3Error(400, 'IncompleteBody', (error as Error).message);
  }
}

function sendObjectHeaders(reply: FastifyReply, object: S3Object): FastifyReply {
  return reply
    .header('content-type', object.contentType)
    .header('content-length', String(object.body.length))
    .header('etag', object.etag)
    .header('last-modified', object.lastModified.toUTCString())
    .header('accept-ranges', 'none');
}

function notImplemented(operation: string): never {
  throw new S3Error(501, 'NotImplemented', `The S3 simulator does not implement ${operation}`);
}

async function listUploads(store: S3Store, req: S3Request, reply: FastifyReply, bucket: string) {
  const prefix = req.query.prefix ?? '';
  const keyMarker = req.query['key-marker'] ?? '';
  const uploadIdMarker = req.query['upload-id-marker'] ?? '';
  const maxUploads = Math.min(
    Number(req.query['max-uploads'] ?? DEFAULT_MAX_KEYS) || DEFAULT_MAX_KEYS,
    DEFAULT_MAX_KEYS,
  );
  const listed = await store.listMultipartUploads({ bucket, prefix, keyMarker, uploadIdMarker, maxUploads });
  const xml = listMultipartUploadsXml({ bucket, prefix, keyMarker, uploadIdMarker, maxUploads, ...listed });
  return reply.type('application/xml').send(xml);
}

async function handleBucket(store: S3Store, req: S3Request, reply: FastifyReply, bucket: string) {
  switch (req.method) {
    case 'HEAD':
      await store.headBucket({ bucket });
      return reply.code(200).send();
    case 'PUT':
      await store.createBucket({ bucket });
      return reply.header('location', `/${bucket}`).code(200).send();
    case 'GET': {
      if (req.query.uploads !== undefined) return listUploads(store, req, reply, bucket);
      if (req.query['list-type'] !== '2') return notImplemented('ListObjects (v1); use ListObjectsV2');
      const prefix = req.query.prefix ?? '';
      const maxKeys = Math.min(Number(req.query['max-keys'] ?? DEFAULT_MAX_KEYS) || DEFAULT_MAX_KEYS, DEFAULT_MAX_KEYS);
      const token = req.query['continuation-token'];
      const startAfter = token ? Buffer.from(token, 'base64url').toString() : (req.query['start-after'] ?? '');
      const { objects, isTruncated } = await store.listObjects({ bucket, prefix, startAfter, maxKeys });
      const lastKey = objects.at(-1)?.key;
      const nextContinuationToken = isTruncated && lastKey ? Buffer.from(lastKey).toString('base64url') : undefined;
      const xml = listObjectsV2Xml({
        bucket,
        prefix,
        maxKeys,
        isTruncated,
        objects,
        ...(token ? { continuationToken: token } : {}),
        ...(nextContinuationToken ? { nextContinuationToken } : {}),
      });
      return reply.type('application/xml').send(xml);
    }
    default:
      return notImplemented(`${req.method} on a bucket`);
  }
}

async function handleObject(store: S3Store, req: S3Request, reply: FastifyReply, bucket: string, key: string) {
  const { uploadId, partNumber } = req.query;
  switch (req.method) {
    case 'PUT': {
      if (req.headers['x-amz-copy-source']) return notImplemented('CopyObject');
      const body = requestBody(req);
      if (uploadId !== undefined) {
        const etag = await store.uploadPart({ bucket, key, uploadId, partNumber: Number(partNumber), body });
        return reply.header('etag', etag).code(200).send();
      }
      const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
      const object = await store.putObject({ bucket, key, body, contentType });
      return reply.header('etag', object.etag).code(200).send();
    }
    case 'GET':
    case 'HEAD': {
      const object = await store.getObject({ bucket, key });
      sendObjectHeaders(reply, object);
      return req.method === 'HEAD' ? reply.send() : reply.send(object.body);
    }
    case 'DELETE':
      if (uploadId !== undefined) await store.abortMultipartUpload({ bucket, key, uploadId });
      else await store.deleteObject({ bucket, key });
      return reply.code(204).send();
    case 'POST': {
      if (req.query.uploads !== undefined) {
        const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
        const id = await store.createMultipartUpload({ bucket, key, contentType });
        return reply.type('application/xml').send(initiateMultipartUploadXml({ bucket, key, uploadId: id }));
      }
      if (uploadId === undefined) return notImplemented('POST without ?uploads or ?uploadId');
      const parts = parseCompleteMultipartUpload(requestBody(req).toString('utf8'));
      if (!parts) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
      const object = await store.completeMultipartUpload({ bucket, key, uploadId, parts });
      const location = `${req.protocol}://${req.host}${req.url.split('?')[0]}`;
      return reply
        .type('application/xml')
        .send(completeMultipartUploadXml({ location, bucket, key, etag: object.etag }));
    }
    default:
      return notImplemented(`${req.method} on an object`);
  }
}

/** Mountable under a prefix (the server uses `/sim/s3`); the endpoint for the SDK is then `<origin>/sim/s3`. */
export const s3SimulatorPlugin: FastifyPluginAsync<S3SimulatorOptions> = async (app, options) => {
  const store = options.store ?? new S3MemoryStore(options);
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

  // Object bodies are opaque bytes whatever their Content-Type (a stored JSON file must not be parsed), and
  // this plugin's encapsulated context keeps that from affecting the host application's parsers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async (req) => {
    if (req.headers['content-type'] === '') delete req.headers['content-type'];
  });

  const handler = async (req: S3Request, reply: FastifyReply) => {
    const requestId = randomUUID();
    reply.header('x-amz-request-id', requestId);
    const { bucket } = req.params;
    const key = req.params['*'] ?? '';
    try {
      return await (key === ''
        ? handleBucket(store, req, reply, bucket)
        : handleObject(store, req, reply, bucket, key));
    } catch (error) {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', (error as Error).message);
      reply.code(s3Error.status);
      // HEAD responses carry no body; SDKs read the status alone (404 becomes `NotFound`).
      if (req.method === 'HEAD') return reply.send();
      const resource = req.url.split('?')[0] ?? '';
      return reply
        .type('application/xml')
        .send(errorXml({ code: s3Error.code, message: s3Error.message, resource, requestId }));
    }
  };
  const methods = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];
  app.route({ method: methods, url: '/:bucket', exposeHeadRoute: false, bodyLimit, handler });
  app.route({ method: methods, url: '/:bucket/*', exposeHeadRoute: false, bodyLimit, handler });
};

/** A standalone simulator app; tests can `inject` into it or listen. */
export function buildS3Simulator(options: S3SimulatorOptions & { logger?: boolean } = {}): FastifyInstance {
  const { logger = false, ...pluginOptions } = options;
  const app = Fastify({ logger });
  app.register(s3SimulatorPlugin, pluginOptions);
  return app;
}

export interface RunningS3Simulator<S extends S3Store = S3MemoryStore> {
  /** Endpoint for an S3 client with `forcePathStyle: true`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  store: S;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port. */
export async function startS3Simulator<S extends S3Store = S3MemoryStore>(
  options: S3SimulatorOptions & { store?: S } = {},
): Promise<RunningS3Simulator<S>> {
  const store = options.store ?? (new S3MemoryStore(options) as S3Store as S);
  const app = buildS3Simulator({ ...options, store });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, store, close: () => app.close() };
}
