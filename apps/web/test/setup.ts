import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tells React that tests wrap updates in act(), so it warns about the ones that are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.location.hash = '';
  document.documentElement.lang = '';
});
