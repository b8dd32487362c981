import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never routed, so a connection that got past the guard would hang, not land.
const unroutable = '192.0.2.1';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(where: { port: 0; host: string } | { path: string }) {
  const server = net.createServer((socket) => socket.end());
  servers.push(server);
  server.listen(where);
  await once(server, 'listening');
  return server.address();
}

async function connect(options: net.NetConnectOpts) {
  const socket = net.connect(options);
  await once(socket, 'connect');
  socket.destroy();
}

describe('the outbound-network guard of every test', () => {
  it('refuses a TCP connection to a host beyond loopback, by address or by name', () => {
    expect(() => net.connect(80, unroutable)).toThrow(
      expect.objectContaining({ code: 'ERR_TEST_OUTBOUND_NETWORK', message: expect.stringContaining(unroutable) }),
    );
    expect(() => net.connect({ host: 'example.com', port: 443 })).toThrow(/example\.com:443/);
    expect(() => new net.Socket().connect(25, '::ffff:192.0.2.1')).toThrow(/only loopback/);
  });

  it('fails fetch to such a host with the guard as the cause', async () => {
    await expect(fetch(`http://${unroutable}/`)).rejects.toMatchObject({
      cause: { code: 'ERR_TEST_OUTBOUND_NETWORK' },
    });
  });

  it('lets connections to loopback and Unix sockets through', async () => {
    const { port } = (await listen({ port: 0, host: '127.0.0.1' })) as net.AddressInfo;
    await connect({ host: '127.0.0.1', port });
    await connect({ host: 'localhost', port, family: 4 });
    await connect({ host: '::ffff:127.0.0.1', port });

    const socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-guard-')), 'test.sock');
    await listen({ path: socketPath });
    await connect({ path: socketPath });
  });

  it('is passed on to the Node processes a test starts', async () => {
    const script = `try { require('node:net').connect(80, '${unroutable}') } catch (e) { console.log(e.code) }`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script]);
    expect(stdout.trim()).toBe('ERR_TEST_OUTBOUND_NETWORK');
  });
});
