import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import { createCompanyRegistry } from '@signlink/providers/company-registry/create-company-registry';
import {
  type RunningCompanyRegistrySimulator,
  startCompanyRegistrySimulator,
} from '@signlink/simulators/company-registry/company-registry-simulator';
import type { Config } from '../../config/config.ts';

export interface RunningCompanyRegistry {
  /** Absent when no registry is configured and simulators are off: organisation numbers cannot be checked. */
  registry: CompanyRegistry | undefined;
  /** The stand-in, when simulators are on: tests steer it and read its test companies. */
  simulator: RunningCompanyRegistrySimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the company registry as configured: Roaring's company APIs with the configured keys, or, with simulators on,
 * our simulator of the same APIs on loopback with keys made for it, so the real Roaring client runs in development
 * and tests (DECISIONS "Real providers and their simulators").
 */
export async function startCompanyRegistry(config: Pick<Config, 'companyRegistry'>): Promise<RunningCompanyRegistry> {
  if (config.companyRegistry?.driver === 'roaring') {
    return { registry: createCompanyRegistry(config.companyRegistry), simulator: undefined, stop: async () => {} };
  }
  if (config.companyRegistry?.driver === 'simulator') {
    const simulator = await startCompanyRegistrySimulator();
    const registry = createCompanyRegistry({ driver: 'roaring', apiUrl: simulator.url, ...simulator.credentials });
    return { registry, simulator, stop: () => simulator.close() };
  }
  return { registry: undefined, simulator: undefined, stop: async () => {} };
}
