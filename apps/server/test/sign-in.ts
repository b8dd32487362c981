import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { seedUser } from './seed-user.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A seeded user (seedUser's options), logged in by e-mail and password through the real login endpoint. */
export async function signInSeededUser(testApp: TestApp, options: Parameters<typeof seedUser>[1] = {}) {
  const user = await seedUser(testApp.database.db, options);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/v2/oauth/generatetoken',
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, token: response.json().accessToken as string };
}

/** A call to `url` with the bearer token when one is given (none: the signed-out caller). */
export const injectWithToken = (
  testApp: TestApp,
  token: string | null | undefined,
  method: Method,
  url: string,
  payload?: object,
) =>
  testApp.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
