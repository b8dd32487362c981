import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type ZodType } from 'zod';

/**
 * The app's response serializer (fastify-type-provider-zod's) with zod's parse instead of encode, for the recipient's
 * hot routes. Encode runs every schema twice (a pass without checks, then the checks), which made validating the
 * access answer cost more than building it. For a schema without codecs, transforms or defaults (plain response
 * objects, as these are) both check the same and strip the same unknown keys; the answer is validated all the same.
 */
export const parsingSerializerCompiler =
  ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
  (data: unknown): string => {
    const result = safeParse(schema as ZodType, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
