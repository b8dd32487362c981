import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a PDF holds as qpdf reads it: every object in its cross-reference, reachable or not, object streams
 * unpacked and streams decoded. Tests look for actions with it so that they do not trust pdf-lib (which the code
 * under test uses) to tell them what a file contains.
 */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
interface QpdfObject {
  value?: JsonValue;
  stream?: { dict: { [key: string]: JsonValue }; data?: string };
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-objects-'));

function qpdfObjects(bytes: Uint8Array, { withData }: { withData: boolean }): Map<string, QpdfObject> {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const json = execFileSync(
    'qpdf',
    ['--json=2', '--json-key=qpdf', `--json-stream-data=${withData ? 'inline' : 'none'}`, '--decode-level=all', file],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  fs.rmSync(file);
  const objects = (JSON.parse(json) as { qpdf: [unknown, Record<string, QpdfObject>] }).qpdf[1];
  return new Map(
    Object.entries(objects)
      .filter(([key]) => key.startsWith('obj:'))
      .map(([key, object]) => [key.slice(4), object]),
  );
}

const isDict = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every action in the file, as its `/S` type (`Named` with its name): any dictionary that is the value of an
 * `/A`, `/OpenAction`, `/Next` or `/PA` entry or of an entry of an `/AA` dictionary, any dictionary of
 * `/Type /Action`, and any dictionary carrying `/JS`. Objects nothing refers to count too.
 */
export function actionsIn(bytes: Uint8Array): string[] {
  const objects = qpdfObjects(bytes, { withData: false });
  const resolve = (value: JsonValue | undefined): JsonValue | undefined => {
    const ref = typeof value === 'string' ? /^(\d+ \d+ R)$/.exec(value)?.[1] : undefined;
    if (!ref) return value;
    const object = objects.get(ref);
    return object?.value ?? object?.stream?.dict;
  };
  const actions = new Set<{ [key: string]: JsonValue }>();
  const addAction = (value: JsonValue | undefined) => {
    const resolved = resolve(value);
    if (Array.isArray(resolved)) for (const element of resolved) addAction(element);
    else if (isDict(resolved) && '/S' in resolved) actions.add(resolved);
  };
  const visit = (value: JsonValue | undefined) => {
    if (Array.isArray(value)) for (const element of value) visit(element);
    if (!isDict(value)) return;
    if (value['/Type'] === '/Action' || '/JS' in value) actions.add(value);
    for (const [key, entry] of Object.entries(value)) {
      if (['/A', '/OpenAction', '/PA'].includes(key) || (key === '/Next' && '/S' in value)) addAction(entry);
      const triggers = key === '/AA' ? resolve(entry) : undefined;
      if (isDict(triggers)) for (const trigger of Object.values(triggers)) addAction(trigger);
      visit(entry);
    }
  };
  for (const object of objects.values()) visit(object.value ?? object.stream?.dict);
  return [...actions].map((action) => {
    const type = String(action['/S'] ?? '/JavaScript').slice(1);
    return type === 'Named' ? `Named ${String(action['/N']).slice(1)}` : type;
  });
}

/** The file's strings, names and decoded stream data as text, to look for what must not be left anywhere. */
export function textOfObjects(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (const object of qpdfObjects(bytes, { withData: true }).values()) {
    parts.push(JSON.stringify(object.value ?? object.stream?.dict ?? null));
    if (object.stream?.data) parts.push(Buffer.from(object.stream.data, 'base64').toString('latin1'));
  }
  return parts.join('\n');
}
