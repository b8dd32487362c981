/**
 * Issue 8 figures, server half: the recipient's two first calls, link details (`GET linktinker/links/{id}`) and
 * access (`POST linktinker/links/{id}/access`, links without a gate), each as a ratio of a bare Fastify route doing
 * one primary-key read through the same driver in this same run. Goal: at least 0.6 on PGlite and on PostgreSQL.
 * Each request opens one of 200 links (100 two-party documents) at random, as real recipients do: access reads the
 * links asked for in one event-loop turn together, and one link asked for over and over would flatter that.
 *
 *   npm run bench:recipient --workspace @signlink/bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:recipient --workspace @signlink/bench
 */

import { seedDocument } from '../apps/server/test/seed-document.ts';
import {
  benchConnections,
  benchSeconds,
  driverName,
  measureLoad,
  printLoadTable,
  startBenchServers,
} from './bench-server.ts';
import { tenPagePdf } from './ten-page-pdf.ts';

const linkDocuments = 100;

async function main() {
  const linkIds: string[] = [];
  const servers = await startBenchServers(async (handle, storage) => {
    const pdf = await tenPagePdf();
    let accountId = '';
    for (let index = 0; index < linkDocuments; index++) {
      const seeded = await seedDocument(handle.db, {
        storage,
        pdf,
        parties: [{ name: 'Åsa Öberg' }, { name: 'Nils Nilsson' }],
      });
      linkIds.push(...seeded.parties.map((party) => party.linkCode));
      accountId = seeded.accountId;
    }
    return { accountId };
  });
  console.log(
    `Signlink recipient bench: ${benchConnections} connections, ${benchSeconds}s each, ${driverName}, ${linkIds.length} links, Node ${process.version}`,
  );
  const baselineDb = await measureLoad(`bare Fastify + ${driverName} primary-key read`, `${servers.bareDbUrl}/account`);
  const details = await measureLoad('GET linktinker/links/{id}', servers.oursUrl, {
    paths: linkIds.map((linkId) => `/v2/linktinker/links/${linkId}`),
  });
  const access = await measureLoad('POST linktinker/links/{id}/access', servers.oursUrl, {
    method: 'POST',
    body: JSON.stringify({ rules: true }),
    headers: { 'content-type': 'application/json' },
    paths: linkIds.map((linkId) => `/v2/linktinker/links/${linkId}/access`),
  });
  printLoadTable([baselineDb, details, access]);
  for (const route of [details, access]) {
    console.log(
      `${route.name.padEnd(36)} ratio vs bare primary-key read: ${(route.requestsPerSecond / baselineDb.requestsPerSecond).toFixed(3)}`,
    );
  }
  await servers.close();
  process.exit(0);
}

void main();
