import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

function runMain(env: Record<string, string>, { killWhen }: { killWhen?: RegExp } = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      // NODE_OPTIONS carries the tests' guard against outbound connections (test/no-outbound-network.mjs).
      env: {
        PATH: process.env.PATH ?? '',
        NODE_OPTIONS: process.env.NODE_OPTIONS ?? '',
        LOG_LEVEL: 'warn',
        PORT: '0',
        ...env,
      },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (killWhen?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start-up', () => {
  it('stops with a clear message and a non-zero exit when the database cannot be reached', async () => {
    const { code, output } = await runMain({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).not.toBe(0);
    expect(output).toContain('Signlink could not start');
    expect(output).toContain('DATABASE_URL');
  });

  it('names a bad variable and exits', async () => {
    const { code, output } = await runMain({ PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output).toMatch(/PORT:/);
  });

  it('starts on a fresh folder, prints the URL and demo login, and shuts down cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-main-'));
    try {
      const { code, output } = await runMain({ DATA_DIR: dataDir }, { killWhen: /Demo login/ });
      expect(output).toMatch(/Signlink is running at http:\/\/localhost:\d+/);
      expect(output).toContain('demo@signlink.test / signlink-demo');
      expect(code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'signlink.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('releases the data-folder lock when start-up fails after taking it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-main-'));
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { code, output } = await runMain({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is in use`);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'signlink.lock'))).toBe(false);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  // PostgreSQL only: on PGlite the data-folder lock lets one process in, which the lock test covers.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'lets several processes start together on one fresh PostgreSQL database',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `signlink_startup_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const env = { DATABASE_URL: url.toString(), ROLES: 'api,worker' };
        const runs = await Promise.all(
          [1, 2, 3].map((n) => runMain({ ...env, DATA_DIR: `/tmp/signlink-startup-${n}` }, { killWhen: /running at/ })),
        );
        for (const run of runs) {
          expect(run.output).toMatch(/Signlink is running at/);
          expect(run.code).toBe(0);
        }
        // Migrated once, seeded once: exactly one demo user, whatever the interleaving.
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const { rows } = await check.query('SELECT count(*)::int AS users FROM users');
        await check.end();
        expect(rows[0].users).toBe(1);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    90_000,
  );
});
