/**
 * Whether the app checks for maintenance. On, except in the web unit tests (test/setup.ts): their screens count
 * the requests their test server gets, and the maintenance tests turn it on for themselves.
 */
export const maintenanceChecks = { isOn: true };
