import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A NUL byte or a lone UTF-16 surrogate in any string of a request: PostgreSQL cannot store either in text (it
 * answered 500, and logged the value), and no person types one. Matched on values and on object keys.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafeText = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

function findUnsafePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  // Raw bodies (an uploaded PDF) are bytes, judged by their own checks; nesting this deep is no request of ours.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}.${key}`;
    if (isUnsafeText(key)) return path;
    const found = findUnsafePath(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The offending part's path (never its value: it must not reach a log line either), or null. */
function unsafeTextIn(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string | null {
  return (
    findUnsafePath(request.params, 'params') ??
    findUnsafePath(request.query, 'querystring') ??
    findUnsafePath(request.body, 'body')
  );
}

/** Every route refuses such text as VALIDATION_FAILED before its schema or handler sees it (issue 20). */
export function refuseUnsafeText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path = unsafeTextIn(request);
    if (path) {
      throw new AppError('VALIDATION_FAILED', {
        details: { issues: [{ path, message: 'contains a NUL character or an unpaired surrogate' }] },
      });
    }
  });
}
