/**
 * Every route of SPEC section 2's table, plus the paths spec/DECISIONS.md adds, with the issue that builds each
 * screen. Until then a route shows a translated placeholder naming the screen, so links and redirects already work.
 */

/** Issue numbers: 3 messaging, 4 BankID, 5 accounts and login, 6 documents, 7 verification, 8 recipient side. */
export type RouteOwner = 3 | 4 | 5 | 6 | 7 | 8 | 'later' | 'shell';

/** Which component a route renders; router.tsx maps each to its own lazy chunk. */
export type ScreenKind =
  | 'placeholder'
  | 'recipient'
  | 'pdfblankett-home'
  | 'dev-mailbox'
  | 'bankid'
  | 'login'
  | 'create-account'
  | 'reset-pin'
  | 'register'
  | 'settings-users'
  | 'settings-company';

export interface RouteEntry {
  path: string;
  /** Key in the `app` namespace: `routes.<name>`. */
  titleKey: `routes.${string}`;
  owner: RouteOwner;
  screen: ScreenKind;
}

const placeholder = (path: string, name: string, owner: RouteOwner): RouteEntry => ({
  path,
  titleKey: `routes.${name}`,
  owner,
  screen: 'placeholder',
});

export const routeTable: readonly RouteEntry[] = [
  // Recipient side: `/` is the document view for the link id in the `link` query parameter (entry-redirect.ts).
  { path: '/', titleKey: 'routes.documentView', owner: 8, screen: 'recipient' },
  // SPEC: "id is the last segment", so the preview route accepts any depth.
  placeholder('/preview/*', 'preview', 8),
  placeholder('/report/:id', 'report', 8),
  // BankID
  // Opens the BankID dialog and shows the identity it returns: issue 4's test page until login uses the dialog.
  { path: '/bankid', titleKey: 'routes.bankid', owner: 4, screen: 'bankid' },
  placeholder('/bankidclose', 'bankidClose', 4),
  // Accounts and login; login, create account, gift card and PIN reset share one screen (SPEC section 2).
  { path: '/login', titleKey: 'routes.login', owner: 5, screen: 'login' },
  { path: '/createaccount', titleKey: 'routes.createAccount', owner: 5, screen: 'create-account' },
  // `sign-up` is in SPEC section 2's entry-redirect list but not its route table; it opens create account.
  { path: '/sign-up', titleKey: 'routes.createAccount', owner: 5, screen: 'create-account' },
  placeholder('/giftcard/:lang?/:code?', 'giftcard', 5),
  { path: '/resetpin/:code', titleKey: 'routes.resetPin', owner: 5, screen: 'reset-pin' },
  { path: '/register/:id', titleKey: 'routes.register', owner: 5, screen: 'register' },
  placeholder('/welcome', 'welcome', 5),
  placeholder('/oauth', 'oauth', 5),
  { path: '/settings/users', titleKey: 'routes.settingsUsers', owner: 5, screen: 'settings-users' },
  { path: '/settings/company', titleKey: 'routes.settingsCompany', owner: 5, screen: 'settings-company' },
  placeholder('/settings/*', 'settings', 5),
  // Documents
  placeholder('/dashboard', 'dashboard', 6),
  placeholder('/create', 'create', 6),
  placeholder('/sign-and-send', 'signAndSend', 6),
  placeholder('/sent', 'sent', 6),
  placeholder('/archived', 'archived', 6),
  placeholder('/inbox', 'inbox', 6),
  placeholder('/document/:id', 'document', 6),
  placeholder('/templates', 'templates', 6),
  placeholder('/templates/create', 'createTemplate', 6),
  placeholder('/templates/:id/edit', 'editTemplate', 6),
  placeholder('/links', 'links', 6),
  placeholder('/links/create', 'createLink', 6),
  placeholder('/links/:id/edit', 'editLink', 6),
  placeholder('/contacts', 'contacts', 6),
  // Verification
  placeholder('/verify', 'verify', 7),
  // Later
  placeholder('/help', 'help', 'later'),
  placeholder('/logger', 'logger', 'later'),
  placeholder('/paymentsuccess', 'paymentSuccess', 'later'),
  placeholder('/paymentreturn', 'paymentReturn', 'later'),
  placeholder('/subscriptionpaymentreturn', 'subscriptionPaymentReturn', 'later'),
  placeholder('/paymentcancelled', 'paymentCancelled', 'later'),
  placeholder('/billing/*', 'billing', 'later'),
  // The second brand's home is a real landing page already.
  { path: '/pdfblankett', titleKey: 'routes.pdfblankett', owner: 'shell', screen: 'pdfblankett-home' },
  // Messaging: what the e-mail and SMS simulators received; its API exists only in development.
  { path: '/dev/mailbox', titleKey: 'routes.devMailbox', owner: 3, screen: 'dev-mailbox' },
];
