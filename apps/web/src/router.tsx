import { createHashRouter, type LazyRouteFunction, Navigate, type RouteObject, useLocation } from 'react-router';
import { LoadingPage } from './components/full-page/loading-page.tsx';
import { RequireAccount } from './routes/require-account.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteErrorPage } from './routes/route-error/route-error-page.tsx';
import { type RouteEntry, routeTable, type ScreenKind } from './routes/route-table.ts';

/** Each screen is its own chunk; the recipient view in particular stays small (ARCHITECTURE "Web app"). */
const screens: Record<ScreenKind | 'not-found', LazyRouteFunction<RouteObject>> = {
  // A link opened from outside starts the recipient's page without the router (main.tsx); this is the same page
  // reached inside the app.
  recipient: () =>
    import('./routes/recipient/recipient-page.tsx').then(({ RecipientPage }) => ({
      Component: function RoutedRecipientPage() {
        return <RecipientPage search={useLocation().search} />;
      },
    })),
  'pdfblankett-home': () =>
    import('./routes/pdfblankett-home/pdfblankett-home-page.tsx').then((m) => ({ Component: m.PdfblankettHomePage })),
  'dev-mailbox': () =>
    import('./routes/dev-mailbox/dev-mailbox-page.tsx').then((m) => ({ Component: m.DevMailboxPage })),
  // Login and create account share one screen (SPEC section 2), so one chunk.
  login: () => import('./routes/login/account-entry-page.tsx').then((m) => ({ Component: m.LoginPage })),
  'create-account': () =>
    import('./routes/login/account-entry-page.tsx').then((m) => ({ Component: m.CreateAccountPage })),
  'gift-card': () => import('./routes/login/account-entry-page.tsx').then((m) => ({ Component: m.GiftCardPage })),
  'reset-pin': () => import('./routes/login/account-entry-page.tsx').then((m) => ({ Component: m.ResetPinPage })),
  register: () => import('./routes/register/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  create: () => import('./routes/create/create-page.tsx').then((m) => ({ Component: m.CreatePage })),
  // The editor's chunk holds pdf.js's loader; pdf.js itself comes with the first page drawn.
  'create-editor': () => import('./routes/create/editor/editor-page.tsx').then((m) => ({ Component: m.EditorPage })),
  templates: () => import('./routes/templates/templates-page.tsx').then((m) => ({ Component: m.TemplatesPage })),
  'template-create': () =>
    import('./routes/templates/create-template-page.tsx').then((m) => ({ Component: m.CreateTemplatePage })),
  'sign-and-send': () =>
    import('./routes/create/sign-and-send-page.tsx').then((m) => ({ Component: m.SignAndSendPage })),
  // `/settings` and unknown sections: the first section, personal preferences.
  'settings-start': async () => ({ Component: () => <Navigate to="/settings/preferences" replace /> }),
  'settings-preferences': () =>
    import('./routes/settings/preferences/preferences-page.tsx').then((m) => ({ Component: m.PreferencesPage })),
  'settings-users': () => import('./routes/settings/users/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  'settings-company': () =>
    import('./routes/settings/company/company-settings-page.tsx').then((m) => ({ Component: m.CompanySettingsPage })),
  'settings-customers': () =>
    import('./routes/settings/customers/customers-page.tsx').then((m) => ({ Component: m.CustomersPage })),
  'settings-referral-links': () =>
    import('./routes/settings/referral-links/referral-links-page.tsx').then((m) => ({
      Component: m.ReferralLinksPage,
    })),
  'settings-payments': () =>
    import('./routes/settings/payments/payments-settings-page.tsx').then((m) => ({
      Component: m.PaymentsSettingsPage,
    })),
  'settings-integration': () =>
    import('./routes/settings/integration/integration-page.tsx').then((m) => ({ Component: m.IntegrationPage })),
  'developer-log': () =>
    import('./routes/developer-log/developer-log-page.tsx').then((m) => ({ Component: m.DeveloperLogPage })),
  'settings-oauth-apps': () =>
    import('./routes/settings/oauth-apps/oauth-apps-page.tsx').then((m) => ({ Component: m.OAuthAppsPage })),
  'settings-authorised-apps': () =>
    import('./routes/settings/authorised-apps/authorised-apps-page.tsx').then((m) => ({
      Component: m.AuthorisedAppsPage,
    })),
  oauth: () => import('./routes/oauth/oauth-consent-page.tsx').then((m) => ({ Component: m.OAuthConsentPage })),
  'settings-api-keys': () =>
    import('./routes/settings/api-keys/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  'settings-webhooks': () =>
    import('./routes/settings/webhooks/webhooks-settings-page.tsx').then((m) => ({
      Component: m.WebhooksSettingsPage,
    })),
  'dev-webhooks': () =>
    import('./routes/dev-webhooks/dev-webhooks-page.tsx').then((m) => ({ Component: m.DevWebhooksPage })),
  dashboard: () => import('./routes/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  sent: () => import('./routes/sent/sent-page.tsx').then((m) => ({ Component: m.SentPage })),
  archived: () => import('./routes/archived/archived-page.tsx').then((m) => ({ Component: m.ArchivedPage })),
  inbox: () => import('./routes/inbox/inbox-page.tsx').then((m) => ({ Component: m.InboxPage })),
  'document-overview': () =>
    import('./routes/document-overview/document-overview-page.tsx').then((m) => ({
      Component: m.DocumentOverviewPage,
    })),
  'assistant-settings': () =>
    import('./routes/assistant-settings/assistant-settings-page.tsx').then((m) => ({
      Component: m.AssistantSettingsPage,
    })),
  report: () => import('./routes/report/report-page.tsx').then((m) => ({ Component: m.ReportPage })),
  contacts: () => import('./routes/contacts/contacts-page.tsx').then((m) => ({ Component: m.ContactsPage })),
  verify: () => import('./routes/verify/verify-page.tsx').then((m) => ({ Component: m.VerifyPage })),
  billing: () => import('./routes/billing/billing-page.tsx').then((m) => ({ Component: m.BillingPage })),
  'payment-return': () =>
    import('./routes/billing/payment-return-page.tsx').then((m) => ({ Component: m.PaymentReturnPage })),
  bankid: () => import('./components/bankid/bankid-test-page.tsx').then((m) => ({ Component: m.BankIdTestPage })),
  links: () => import('./routes/links/links-page.tsx').then((m) => ({ Component: m.LinksPage })),
  'link-create': () => import('./routes/links/link-form-pages.tsx').then((m) => ({ Component: m.CreateLinkPage })),
  'link-edit': () => import('./routes/links/link-form-pages.tsx').then((m) => ({ Component: m.EditLinkPage })),
  // The recipient's viewer in preview mode: its own chunk, apart from the recipient's page.
  'link-preview': () =>
    import('./routes/recipient/preview/preview-page.tsx').then((m) => ({ Component: m.PreviewPage })),
  help: () => import('./routes/help/help-centre-page.tsx').then((m) => ({ Component: m.HelpCentrePage })),
  'help-article': () => import('./routes/help/help-article-page.tsx').then((m) => ({ Component: m.HelpArticlePage })),
  'bankid-close': () =>
    import('./routes/bankid-close/bankid-close-page.tsx').then((m) => ({ Component: m.BankIdClosePage })),
  welcome: () => import('./routes/welcome/welcome-page.tsx').then((m) => ({ Component: m.WelcomePage })),
  'not-found': () => import('./routes/not-found/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
};

/** What a route tells its screen; a screen may read its title from it. */
export interface RouteHandle {
  titleKey: RouteEntry['titleKey'];
}

function toRouteObject(entry: RouteEntry): RouteObject {
  return { path: entry.path, handle: { titleKey: entry.titleKey } satisfies RouteHandle, lazy: screens[entry.screen] };
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingPage />,
    errorElement: <RouteErrorPage />,
    children: [
      ...routeTable.filter((entry) => !entry.needsAccount).map(toRouteObject),
      // Signed-out visitors of these go to login and come back (route-table.ts decides which).
      { element: <RequireAccount />, children: routeTable.filter((entry) => entry.needsAccount).map(toRouteObject) },
      // SPEC section 2: any other path shows a not-found page.
      { path: '*', lazy: screens['not-found'] },
    ],
  },
];

/** Hash routing with no base path (SPEC section 2); the entry redirect has already run (main.tsx). */
export function createAppRouter() {
  return createHashRouter(appRoutes);
}
