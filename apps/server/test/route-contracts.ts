import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRouteContract, type RouteContract } from '@signlink/contracts/http/route-contract';

const contractsRoot = fileURLToPath(new URL('../../../packages/contracts/src', import.meta.url));

/**
 * Every contract the contracts package declares, found by reading its `*.routes.ts` files (so a new file needs no
 * registration here), keyed `METHOD /v2/path` as Fastify registers it.
 */
export async function findContracts(): Promise<Map<string, RouteContract>> {
  const files = fs
    .readdirSync(contractsRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.routes.ts'));
  const contracts = new Map<string, RouteContract>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(contractsRoot, file));
    for (const [name, value] of Object.entries(module)) {
      if (isRouteContract(value)) contracts.set(`${value.method} /v2${value.path}`, { ...value, summary: name });
    }
  }
  return contracts;
}
