import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/start-server-process.ts';
import { waitFor } from '../../jobs/job-test-helpers.ts';
import { drawing } from '../links/link-signing.test-helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/**
 * Issue 26, part 2: the README's "API quick start" runs as written. Its fenced `sh` block is cut into its numbered
 * steps and each is run verbatim by bash against a started server; only `BASE`, which the README reads from the
 * environment, points at it. The recipient signs through her link's API, as the browser would.
 */
function quickStartSteps(): { title: string; script: string }[] {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## API quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README: no sh block under "API quick start"');
  const steps: { title: string; lines: string[] }[] = [{ title: 'setup', lines: [] }];
  for (const line of block.trimEnd().split('\n')) {
    const heading = /^# (\d+\..*)$/.exec(line);
    if (heading?.[1]) steps.push({ title: heading[1], lines: [] });
    else steps.at(-1)?.lines.push(line);
  }
  return steps.map((step) => ({ title: step.title, script: step.lines.join('\n') }));
}

let server: ServerProcess;
let workDir: string;
const steps = quickStartSteps();
const variables = [
  ...new Set(steps.flatMap((step) => [...step.script.matchAll(/\b([A-Z][A-Z_]*)=/g)].map((m) => m[1]))),
];

/** One step in bash, after the variables and function the earlier steps left; answers what it printed. */
function run(title: string): string {
  const step = steps.find((candidate) => candidate.title.startsWith(title));
  if (!step) throw new Error(`README: no step "${title}"`);
  const keep = `{ declare -p ${variables.join(' ')} 2>/dev/null || true; declare -f; } > state.sh`;
  const script = `set -eo pipefail\n[ -f state.sh ] && source state.sh\n${step.script}\n${keep}\n`;
  // A person's shell: no test-runner Node options (the outbound-connection guard) for the `node` the steps run.
  const { NODE_OPTIONS: _testOnly, ...env } = process.env;
  const result = spawnSync('bash', ['-c', script], {
    cwd: workDir,
    env: { ...env, BASE: server.url },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status, `${step.title}\n${result.stdout}\n${result.stderr}\n${server.output()}`).toBe(0);
  return result.stdout.trim();
}

/** A step that may not have its answer yet: its failure is an empty answer, to wait on. */
function quietly(step: () => string): string {
  try {
    return step();
  } catch {
    return '';
  }
}

function variable(name: string): string {
  return spawnSync('bash', ['-c', `source state.sh; printf %s "$${name}"`], { cwd: workDir, encoding: 'utf8' }).stdout;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-quick-start-'));
  // The steps read the sample PDF by its path in the repository, from wherever they run.
  fs.mkdirSync(path.join(workDir, 'docs/quick-start'), { recursive: true });
  fs.copyFileSync(
    path.join(repoRoot, 'docs/quick-start/contract.pdf'),
    path.join(workDir, 'docs/quick-start/contract.pdf'),
  );
  server = await startServerProcess();
}, 90_000);
afterAll(async () => {
  await server?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the README API quick start (issue 26, part 2)', () => {
  it('makes a client, subscribes a webhook, uploads, places a field, sends, gets the completed webhook and the PDF', async () => {
    const numbered = Array.from({ length: 11 }, (_, index) => String(index + 1));
    expect(steps.map((step) => step.title.split('.')[0])).toEqual(['setup', ...numbered]);
    run('setup');
    run('1.');
    expect(variable('TOKEN')).toMatch(/^ey/);
    run('2.');
    expect(variable('CLIENT_ID')).toMatch(/^cli_/);
    run('3.');
    expect(variable('WEBHOOK_SECRET')).toMatch(/^whsec_/);
    run('4.');
    expect(variable('API_TOKEN')).toMatch(/^ey/);
    run('5.');
    const documentId = variable('DOCUMENT_ID');
    expect(documentId).not.toBe('');
    expect(run('6.')).toBe('anna@example.com');
    expect(run('7.')).toBe('Signature[0]');
    expect(run('8.')).toBe(documentId);
    expect(run('9.')).toBe('awaiting-signatures');

    await signAsRecipient(documentId, variable('API_TOKEN'));
    await waitFor(() => run('9.') === 'signed', { timeoutMs: 60_000 });
    // The worker polls for due deliveries every two seconds; until the first arrives the inbox is empty.
    await waitFor(() => quietly(() => run('10.')) === 'document.completed\ntrue', { timeoutMs: 30_000 });
    expect(run('11.')).toBe('saved signed.pdf');
    expect(fs.readFileSync(path.join(workDir, 'signed.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);
});

/** Anna opens her link and draws her signature, as the signing page does in her browser. */
async function signAsRecipient(documentId: string, apiToken: string) {
  const call = async (method: string, url: string, body?: object, token?: string) => {
    const response = await fetch(`${server.apiBase}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${url}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text);
  };
  const { Links } = await call('GET', `linktinker/projects/${documentId}/links`, undefined, apiToken);
  const code = Links[0].Code as string;
  const { RequestToken } = await call('POST', `linktinker/links/${code}/access`, {});
  await call('POST', `linktinker/links/${code}/sign/ink`, {
    SignatureIndex: 0,
    RequestToken,
    InkSignatureJsonData: drawing(),
    AllowServerSubmit: true,
  });
}
