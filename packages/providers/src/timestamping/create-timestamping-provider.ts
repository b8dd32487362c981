import { createRfc3161HttpTimestamping, type Rfc3161HttpConfig } from './rfc3161-http.adapter.ts';
import type { TimestampingProvider } from './timestamping.port.ts';

export type TimestampingConfig = { driver: 'rfc3161-http' } & Rfc3161HttpConfig;

/** The one place that picks the time-stamping adapter from configuration (a TSA, or its simulator via `url`). */
export function createTimestampingProvider(config: TimestampingConfig): TimestampingProvider {
  switch (config.driver) {
    case 'rfc3161-http': {
      const { driver: _driver, ...http } = config;
      return createRfc3161HttpTimestamping(http);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown time-stamping driver: ${driver as string}`);
    }
  }
}
