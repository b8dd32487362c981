import type { CompanyRegistry } from './company-registry.port.ts';
import { createRoaringCompanyRegistry, type RoaringConfig } from './roaring.adapter.ts';

export type CompanyRegistryConfig = { driver: 'roaring' } & RoaringConfig;

/** The one place that picks the company registry adapter from configuration (Roaring, or its simulator via `apiUrl`). */
export function createCompanyRegistry(config: CompanyRegistryConfig): CompanyRegistry {
  switch (config.driver) {
    case 'roaring': {
      const { driver: _driver, ...roaring } = config;
      return createRoaringCompanyRegistry(roaring);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown company registry driver: ${driver as string}`);
    }
  }
}
