/**
 * Every route of SPEC section 2's table, plus the paths spec/DECISIONS.md adds, with the issue that builds each
 * screen. Every route has its screen now (issue 29 built the last placeholders).
 */

/** Issue numbers: 3 messaging, 4 BankID, 5 accounts and login, 6 documents, 7 verification, 8 recipient side. */
export type RouteOwner = 3 | 4 | 5 | 6 | 7 | 8 | 'later' | 'shell';

/** Which component a route renders; router.tsx maps each to its own lazy chunk. */
export type ScreenKind =
  | 'create'
  | 'create-editor'
  | 'templates'
  | 'template-create'
  | 'sign-and-send'
  | 'recipient'
  | 'pdfblankett-home'
  | 'dev-mailbox'
  | 'bankid'
  | 'login'
  | 'create-account'
  | 'reset-pin'
  | 'register'
  | 'settings-start'
  | 'settings-preferences'
  | 'settings-users'
  | 'settings-company'
  | 'settings-customers'
  | 'settings-referral-links'
  | 'settings-payments'
  | 'settings-integration'
  | 'developer-log'
  | 'settings-oauth-apps'
  | 'settings-authorised-apps'
  | 'oauth'
  | 'settings-api-keys'
  | 'settings-webhooks'
  | 'dev-webhooks'
  | 'dashboard'
  | 'sent'
  | 'archived'
  | 'inbox'
  | 'document-overview'
  | 'assistant-settings'
  | 'report'
  | 'verify'
  | 'billing'
  | 'payment-return'
  | 'gift-card'
  | 'links'
  | 'link-create'
  | 'link-edit'
  | 'link-preview'
  | 'contacts'
  | 'help'
  | 'help-article'
  | 'bankid-close'
  | 'welcome';

export interface RouteEntry {
  path: string;
  /** Key in the `app` namespace: `routes.<name>`. */
  titleKey: `routes.${string}`;
  owner: RouteOwner;
  screen: ScreenKind;
  /**
   * The screen is for a signed-in user: a signed-out visitor goes to login and comes back after it (the guard in
   * router.tsx). False for the recipient side, login and sign-up, and the pages anyone may open.
   */
  needsAccount: boolean;
}

/** A return page of Stripe's checkout (payment-return-page.tsx). */
const paymentReturn = (path: string, name: string): RouteEntry => ({
  path,
  titleKey: `routes.${name}`,
  owner: 'later',
  screen: 'payment-return',
  needsAccount: true,
});

export const routeTable: readonly RouteEntry[] = [
  // Recipient side: `/` is the document view for the link id in the `link` query parameter (entry-redirect.ts).
  { path: '/', titleKey: 'routes.documentView', owner: 8, screen: 'recipient', needsAccount: false },
  // SPEC: "id is the last segment", so the preview route accepts any depth. The owner's preview of a template or
  // public link, in the recipient's viewer; the preview calls are the signed-in owner's.
  { path: '/preview/*', titleKey: 'routes.preview', owner: 8, screen: 'link-preview', needsAccount: true },
  // BankID
  // Opens the BankID dialog and shows the identity it returns: issue 4's test page until login uses the dialog.
  { path: '/bankid', titleKey: 'routes.bankid', owner: 4, screen: 'bankid', needsAccount: false },
  // Where the BankID app returns a browser on another device: "you can close this window".
  { path: '/bankidclose', titleKey: 'routes.bankidClose', owner: 4, screen: 'bankid-close', needsAccount: false },
  // Accounts and login; login, create account, gift card and PIN reset share one screen (SPEC section 2).
  { path: '/login', titleKey: 'routes.login', owner: 5, screen: 'login', needsAccount: false },
  {
    path: '/createaccount',
    titleKey: 'routes.createAccount',
    owner: 5,
    screen: 'create-account',
    needsAccount: false,
  },
  // `sign-up` is in SPEC section 2's entry-redirect list but not its route table; it opens create account.
  { path: '/sign-up', titleKey: 'routes.createAccount', owner: 5, screen: 'create-account', needsAccount: false },
  // The code stays in the path across login and sign-up: the landing redeems it once someone is signed in.
  { path: '/giftcard/:lang?/:code?', titleKey: 'routes.giftcard', owner: 5, screen: 'gift-card', needsAccount: false },
  { path: '/resetpin/:code', titleKey: 'routes.resetPin', owner: 5, screen: 'reset-pin', needsAccount: false },
  // The invitation shows signed out, and offers login or sign-up itself.
  { path: '/register/:id', titleKey: 'routes.register', owner: 5, screen: 'register', needsAccount: false },
  // A new user's or new company's first screen, once (lib/welcome-once.ts).
  { path: '/welcome', titleKey: 'routes.welcome', owner: 5, screen: 'welcome', needsAccount: true },
  // The consent screen of an OAuth app (issue 26, part 5); a signed-out visitor logs in and comes back with the query.
  { path: '/oauth', titleKey: 'routes.oauth', owner: 'later', screen: 'oauth', needsAccount: true },
  {
    path: '/settings/preferences',
    titleKey: 'routes.settingsPreferences',
    owner: 5,
    screen: 'settings-preferences',
    needsAccount: true,
  },
  { path: '/settings/users', titleKey: 'routes.settingsUsers', owner: 5, screen: 'settings-users', needsAccount: true },
  {
    path: '/settings/company',
    titleKey: 'routes.settingsCompany',
    owner: 5,
    screen: 'settings-company',
    needsAccount: true,
  },
  {
    path: '/settings/customers',
    titleKey: 'routes.settingsCustomers',
    owner: 5,
    screen: 'settings-customers',
    needsAccount: true,
  },
  {
    path: '/settings/referral-links',
    titleKey: 'routes.settingsReferralLinks',
    owner: 5,
    screen: 'settings-referral-links',
    needsAccount: true,
  },
  // Sign & Pay's Stripe account and payment products (SPEC section 3 "Payment link / product").
  {
    path: '/settings/payments',
    titleKey: 'routes.settingsPayments',
    owner: 'later',
    screen: 'settings-payments',
    needsAccount: true,
  },
  // The developer platform's way in (issue 26, part 7).
  {
    path: '/settings/integration',
    titleKey: 'routes.settings',
    owner: 'later',
    screen: 'settings-integration',
    needsAccount: true,
  },
  // OAuth apps (issue 26, part 5): a company's apps and their redirect URIs; the apps a person authorised.
  {
    path: '/settings/oauth-apps',
    titleKey: 'routes.settings',
    owner: 'later',
    screen: 'settings-oauth-apps',
    needsAccount: true,
  },
  {
    path: '/settings/authorised-apps',
    titleKey: 'routes.settings',
    owner: 'later',
    screen: 'settings-authorised-apps',
    needsAccount: true,
  },
  // The keys a company's own systems call the API with (issue 26).
  {
    path: '/settings/api-keys',
    titleKey: 'routes.settingsApiKeys',
    owner: 'later',
    screen: 'settings-api-keys',
    needsAccount: true,
  },
  // Webhooks: where the account's document events are delivered (issue 26, part 7).
  {
    path: '/settings/webhooks',
    titleKey: 'routes.settingsWebhooks',
    owner: 'later',
    screen: 'settings-webhooks',
    needsAccount: true,
  },
  // `/settings` and any section not (yet) built open the first one, personal preferences.
  { path: '/settings/*', titleKey: 'routes.settings', owner: 5, screen: 'settings-start', needsAccount: true },
  // Documents
  { path: '/dashboard', titleKey: 'routes.dashboard', owner: 6, screen: 'dashboard', needsAccount: true },
  // New document: upload or a draft to continue, then the draft in the field editor (desktop only, SPEC section 2).
  { path: '/create', titleKey: 'routes.create', owner: 6, screen: 'create', needsAccount: true },
  { path: '/create/:projectId', titleKey: 'routes.editDraft', owner: 6, screen: 'create-editor', needsAccount: true },
  // The sender signs first (issue 24, part 5): the same upload, drafts and editor, sending in that mode.
  { path: '/sign-and-send', titleKey: 'routes.signAndSend', owner: 6, screen: 'sign-and-send', needsAccount: true },
  { path: '/sent', titleKey: 'routes.sent', owner: 6, screen: 'sent', needsAccount: true },
  { path: '/archived', titleKey: 'routes.archived', owner: 6, screen: 'archived', needsAccount: true },
  { path: '/inbox', titleKey: 'routes.inbox', owner: 6, screen: 'inbox', needsAccount: true },
  {
    path: '/document/:id',
    titleKey: 'routes.document',
    owner: 6,
    screen: 'document-overview',
    needsAccount: true,
  },
  // The owner's settings of the AI assistant Phil for one document, draft or sent (SPEC section 2).
  {
    path: '/document/:id/assistant',
    titleKey: 'routes.assistantSettings',
    owner: 'later',
    screen: 'assistant-settings',
    needsAccount: true,
  },
  // The sender's printable record of a document (issue 6); a recipient's report comes with the recipient side.
  { path: '/report/:id', titleKey: 'routes.report', owner: 6, screen: 'report', needsAccount: true },
  // Templates (issue 24): the list, making one, and the draft editor opened on the template (it reads the kind).
  { path: '/templates', titleKey: 'routes.templates', owner: 6, screen: 'templates', needsAccount: true },
  {
    path: '/templates/create',
    titleKey: 'routes.createTemplate',
    owner: 6,
    screen: 'template-create',
    needsAccount: true,
  },
  {
    path: '/templates/:id/edit',
    titleKey: 'routes.editTemplate',
    owner: 6,
    screen: 'create-editor',
    needsAccount: true,
  },
  { path: '/links', titleKey: 'routes.links', owner: 6, screen: 'links', needsAccount: true },
  { path: '/links/create', titleKey: 'routes.createLink', owner: 6, screen: 'link-create', needsAccount: true },
  { path: '/links/:id/edit', titleKey: 'routes.editLink', owner: 6, screen: 'link-edit', needsAccount: true },
  { path: '/contacts', titleKey: 'routes.contacts', owner: 6, screen: 'contacts', needsAccount: true },
  // Verification: anyone may check a PDF's seal.
  { path: '/verify', titleKey: 'routes.verify', owner: 7, screen: 'verify', needsAccount: false },
  // Later
  // The help centre's articles, for anyone, signed in or not (SPEC section 2).
  { path: '/help', titleKey: 'routes.help', owner: 'later', screen: 'help', needsAccount: false },
  { path: '/help/:slug', titleKey: 'routes.help', owner: 'later', screen: 'help-article', needsAccount: false },
  // The account's integrations' failed calls (issue 26, part 6).
  { path: '/logger', titleKey: 'routes.logger', owner: 'later', screen: 'developer-log', needsAccount: true },
  // Stripe's checkout returns here after a top-up; the page asks `sessions/{id}`, a session call, so a signed-out
  // buyer logs in first and comes back. Sign & Pay (a recipient's payment) will need its own public return.
  paymentReturn('/paymentsuccess', 'paymentSuccess'),
  paymentReturn('/paymentreturn', 'paymentReturn'),
  paymentReturn('/paymentcancelled', 'paymentCancelled'),
  // A plan ordered by card returns here (price-plans.routes.ts): the same page, speaking of the plan.
  paymentReturn('/subscriptionpaymentreturn', 'subscriptionPaymentReturn'),
  // Balance and gift cards now; the sections to come say so (`/billing` opens the balance).
  { path: '/billing/*', titleKey: 'routes.billing', owner: 'later', screen: 'billing', needsAccount: true },
  // The second brand's home is a real landing page already.
  {
    path: '/pdfblankett',
    titleKey: 'routes.pdfblankett',
    owner: 'shell',
    screen: 'pdfblankett-home',
    needsAccount: false,
  },
  // Messaging: what the e-mail and SMS simulators received; its API exists only in development.
  { path: '/dev/mailbox', titleKey: 'routes.devMailbox', owner: 3, screen: 'dev-mailbox', needsAccount: false },
  // The webhooks the development inbox received (issue 26, part 4); its API exists only in development.
  {
    path: '/dev/webhooks',
    titleKey: 'routes.devWebhooks',
    owner: 'later',
    screen: 'dev-webhooks',
    needsAccount: false,
  },
];
