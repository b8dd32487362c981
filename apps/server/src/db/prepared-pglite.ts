import { type PGlite, protocol } from '@electric-sql/pglite';
import type { PreparedValue } from './database.ts';

/**
 * Named prepared statements on PGlite. PGlite's `query` parses and plans every statement afresh (an unnamed statement
 * each time); for a four-table join that costs about twice the read itself. Here a statement is parsed once per
 * database under its name (the extended protocol's Parse) and each call only binds and executes it, as node-postgres
 * does with `{ name, text }`. Values travel as text; columns come back as text, json columns parsed.
 */
const preparedByClient = new WeakMap<PGlite, Set<string>>();
const jsonTypeIds = new Set([114, 3802]);
const duplicatePreparedStatement = '42P05';

interface ProtocolMessage {
  name: string;
  fields?: unknown[];
}

export async function runPreparedPglite(
  client: PGlite,
  statement: { name: string; text: string },
  values: PreparedValue[],
): Promise<Record<string, unknown>[]> {
  let prepared = preparedByClient.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedByClient.set(client, prepared);
  }
  const isPrepared = prepared.has(statement.name);
  // PGlite's own queries wait on these two locks; taking both keeps a transaction's statements and ours apart.
  const messages = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      if (!isPrepared) await parseOnce(client, statement);
      const { messages } = await client.execProtocol(
        concat([
          protocol.serialize.bind({ statement: statement.name, values: values.map(textValueOf) }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return messages as ProtocolMessage[];
    }),
  );
  prepared.add(statement.name);
  return rowsOf(messages);
}

async function parseOnce(client: PGlite, statement: { name: string; text: string }) {
  try {
    await client.execProtocol(
      concat([
        protocol.serialize.parse({ name: statement.name, text: statement.text, types: [] }),
        protocol.serialize.sync(),
      ]),
    );
  } catch (error) {
    // Another module instance on the same database prepared it first: the same text under the same name.
    if ((error as { code?: string }).code !== duplicatePreparedStatement) throw error;
  }
}

function rowsOf(messages: ProtocolMessage[]): Record<string, unknown>[] {
  const description = messages.find((message) => message.name === 'rowDescription') as
    | { fields: { name: string; dataTypeID: number }[] }
    | undefined;
  if (!description) return [];
  const columns = description.fields;
  return messages
    .filter((message) => message.name === 'dataRow')
    .map((message) => {
      const row: Record<string, unknown> = {};
      (message.fields as (string | null)[]).forEach((value, index) => {
        const column = columns[index];
        if (!column) return;
        row[column.name] = value !== null && jsonTypeIds.has(column.dataTypeID) ? JSON.parse(value) : value;
      });
      return row;
    });
}

/**
 * Values travel as text. A list becomes a text[] literal (`{"a","b"}`), as node-postgres writes one: every element
 * quoted, with `"` and `\` escaped, so commas, braces, spaces and the word NULL stay plain text.
 */
function textValueOf(value: PreparedValue): string | null {
  if (typeof value === 'string' || value === null) return value;
  return `{${value.map((element) => `"${element.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
