import fastJsonStringify from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A response serializer for the recipient's hottest call (issue 8 figures: access at least 0.6 of a bare primary-key
 * read): fast-json-stringify, Fastify's own serializer, compiled once from the zod schema's JSON Schema. Like the
 * app's zod serializer it writes only the schema's keys, so nothing the handler did not mean to send leaves, and a
 * missing required key fails the response; unlike it, it does not re-check values the handler's types already
 * promise. Checking and copying the whole answer through zod on every call cost more than building it.
 */
export const fastSerializerCompiler = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJsonStringify(
    withoutAnyOf(
      z.toJSONSchema(schema as ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' }),
    ) as never,
  );

type JsonSchema = { [key: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;

/**
 * fast-json-stringify picks an anyOf branch by validating the value against each one with ajv: slow, and strict
 * where we strip (an unknown key fails an object branch instead of being left out). zod writes `.nullable()` and
 * numeric literal unions as anyOf, so those become `nullable` and `enum`, which it writes directly.
 */
function withoutAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnyOf);
  if (!isSchema(node)) return node;
  const branches = Array.isArray(node.anyOf) ? node.anyOf.filter(isSchema) : undefined;
  if (branches) {
    const { anyOf: _, ...rest } = node;
    const others = branches.filter((branch) => branch.type !== 'null');
    const [only] = others;
    if (only && others.length === 1 && branches.length === 2) {
      return withoutAnyOf({ ...rest, ...only, nullable: true });
    }
    const types = new Set(others.map((branch) => branch.type));
    if (branches.length === others.length && types.size === 1 && others.every((branch) => 'const' in branch)) {
      return { ...rest, type: others[0]?.type, enum: others.map((branch) => branch.const) };
    }
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutAnyOf(value)]));
}
