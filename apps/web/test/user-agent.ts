import { afterEach } from 'vitest';

const original = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');

/** Makes `navigator.userAgent` read `userAgent` until the test ends. */
export function useUserAgent(userAgent: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => userAgent });
}

afterEach(() => {
  if (original) Object.defineProperty(window.navigator, 'userAgent', original);
  else Reflect.deleteProperty(window.navigator, 'userAgent');
});
