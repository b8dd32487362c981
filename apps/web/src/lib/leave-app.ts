/**
 * Leaving the app for another site (Stripe's hosted checkout), as one object so a test can watch the navigation:
 * jsdom's `window.location.assign` cannot be spied on, and following it would end the test's page.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
