import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneMediaQuery, useIsPhone } from './use-is-phone.ts';

/** A window whose phone media query answers `narrow` until `resize` changes it, telling its listeners as browsers do. */
function stubScreen(narrow: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  let matches = narrow;
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe(phoneMediaQuery);
    return {
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: { matches: boolean }) => void) => listeners.add(listener),
      removeListener: (listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    };
  });
  return {
    resize(toNarrow: boolean) {
      matches = toNarrow;
      act(() => {
        for (const listener of [...listeners]) listener({ matches });
      });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useIsPhone', () => {
  it('keeps a screen shown on a computer when the window narrows, as Chromium’s full-page capture does for a moment', () => {
    const screen = stubScreen(false);
    const { result } = renderHook(() => useIsPhone());
    expect(result.current).toBe(false);
    screen.resize(true);
    expect(result.current).toBe(false);
    screen.resize(false);
    expect(result.current).toBe(false);
  });

  it('tells a phone, and shows the screen once the phone turns or the window widens', () => {
    const screen = stubScreen(true);
    const { result } = renderHook(() => useIsPhone());
    expect(result.current).toBe(true);
    screen.resize(false);
    expect(result.current).toBe(false);
    // Shown on a computer-sized screen now: narrowing again keeps it.
    screen.resize(true);
    expect(result.current).toBe(false);
  });
});
