import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import {
  acceptAllChoice,
  cookieConsentRecord,
  cookieConsentStorageKey,
} from '../src/components/cookie-consent/cookie-consent-store.ts';
import { maintenanceChecks } from '../src/components/maintenance/maintenance-checks.ts';
import { endTestResources } from './test-lifecycle.ts';

// Tells React that tests wrap updates in act(), so it warns about the ones that are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Screens load lazily and talk to a real HTTP server; on a loaded CI machine the first render of a lazy
// chunk can take more than Testing Library's default second. Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

// Screens' tests count the requests their test server gets; the maintenance tests turn the checks on themselves.
maintenanceChecks.isOn = false;
// Every screen's test starts as a visitor who has answered the cookie banner; the consent's own tests clear it.
beforeEach(() => {
  window.localStorage.setItem(cookieConsentStorageKey, JSON.stringify(cookieConsentRecord(acceptAllChoice)));
});

afterEach(async () => {
  await endTestResources();
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.location.hash = '';
  document.documentElement.lang = '';
});
