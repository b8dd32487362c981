// Plain JavaScript, so that any Node process loads it with --import, before (and without) tsx.
import net from 'node:net';

/*
 * Tests reach nothing beyond this machine (STYLE.md, habit 7): a provider is tested against its simulator, and a
 * test that would call the real BankID, Twilio or an SMTP relay must fail, not pass on a good network day. This
 * refuses every TCP connection (and so TLS, fetch, pg, SMTP) to a host other than loopback: 127.0.0.0/8, ::1,
 * `localhost` and `*.localhost`. Unix sockets are local and allowed.
 *
 * Every Vitest project loads it (setupFiles), and it adds itself to NODE_OPTIONS, so the Node processes a test
 * starts (the server under test among them) load it too.
 */

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** @param {string} host */
function isLoopbackHost(host) {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = net.isIP(name);
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  return family !== 0 && loopback.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Where `socket.connect(...args)` goes, as net's own argument rules read it: `(options)`, `(path)` or
 * `(port, host)`; net.connect passes the normalised arguments as one array. Undefined for a Unix socket.
 * @param {unknown[]} args
 * @returns {{ host: string, port: unknown } | undefined}
 */
function targetOf(args) {
  const [first, second] = Array.isArray(args[0]) ? args[0] : args;
  if (first !== null && typeof first === 'object') {
    const options = /** @type {{ path?: string, host?: string, port?: unknown }} */ (first);
    if (options.path !== undefined) return undefined;
    return { host: options.host || 'localhost', port: options.port };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined;
  return { host: typeof second === 'string' && second ? second : 'localhost', port: first };
}

const marker = Symbol.for('signlink.noOutboundNetwork');
const socketPrototype = /** @type {net.Socket & { [marker]?: true }} */ (net.Socket.prototype);

// Vitest evaluates setup files once per test file, in worker processes that run many files: patch once.
if (!socketPrototype[marker]) {
  socketPrototype[marker] = true;
  const connect = socketPrototype.connect;
  /** @type {(...args: unknown[]) => net.Socket} */
  const guardedConnect = function (...args) {
    const target = targetOf(args);
    if (target && !isLoopbackHost(target.host)) {
      const error = new Error(
        `Tests may not connect to ${target.host}:${target.port}: only loopback (127.0.0.0/8, ::1, localhost) is ` +
          'reachable from a test. Point the code at a simulator (packages/simulators) or a local server.',
      );
      throw Object.assign(error, { code: 'ERR_TEST_OUTBOUND_NETWORK' });
    }
    return Reflect.apply(connect, this, args);
  };
  socketPrototype.connect = /** @type {net.Socket['connect']} */ (guardedConnect);
}

// --import with a file: URL, which NODE_OPTIONS takes without quoting (the URL has no spaces).
const importThis = `--import=${import.meta.url}`;
const nodeOptions = process.env.NODE_OPTIONS ?? '';
if (!nodeOptions.includes(importThis)) process.env.NODE_OPTIONS = `${nodeOptions} ${importThis}`.trim();
