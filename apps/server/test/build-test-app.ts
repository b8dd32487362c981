import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  context: AppContext;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on this file's own database, for `app.inject` tests; nothing of ours is mocked. */
export async function buildTestApp(
  options: { env?: Record<string, string>; webRoot?: string | null; context?: Partial<AppContext> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...options.env });
  const context: AppContext = { config, database, ...options.context };
  const app = await buildApp({ context, webRoot: options.webRoot ?? null });
  await app.ready();
  return {
    app,
    context,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
