import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { isOAuthScope, type OAuthScope } from '@signlink/contracts/developer/oauth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createOAuthApi, useOAuthClient } from '../../api/oauth-api.ts';
import { useSignedInUser } from '../../api/session-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { useStepCall } from '../../components/forms/step-form.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { externalNavigation } from '../../lib/leave-app.ts';

/** i18next reads `:` as a namespace: scopes are named by key. */
const scopeKeys: Record<OAuthScope, string> = {
  'documents:read': 'oauth.consent.scopes.documentsRead',
  'documents:write': 'oauth.consent.scopes.documentsWrite',
};

/** The authorisation request's parameters, as the app put them in the query (RFC 6749 section 4.1.1). */
function readRequest(search: string) {
  const query = new URLSearchParams(search);
  const read = (name: string) => query.get(name) ?? '';
  const scope = read('scope') || 'documents:read';
  return {
    clientId: read('client_id'),
    redirectUri: read('redirect_uri'),
    scope,
    scopes: scope.split(/\s+/).filter(Boolean),
    state: query.get('state') ?? undefined,
    codeChallenge: query.get('code_challenge') ?? undefined,
    codeChallengeMethod: query.get('code_challenge_method') ?? undefined,
  };
}

/**
 * /oauth (SPEC section 2, "OAuth app authorisation and consent"): a signed-in user sees which app asks, whose it is,
 * what it may do and for which of their accounts, and allows or denies; the answer sends them back to the app. A
 * signed-out visitor logs in first and comes back here with the query (router.tsx's guard).
 */
export function OAuthConsentPage() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  const request = readRequest(useLocation().search);
  return (
    <PageLayout>
      <Stack sx={{ width: '100%', maxWidth: 560, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 6 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>
          {t('oauth.consent.heading')}
        </Typography>
        {!request.clientId || !request.redirectUri ? (
          <FormError>{t('oauth.consent.incomplete')}</FormError>
        ) : (
          auth && <ConsentCard auth={auth} request={request} />
        )}
      </Stack>
    </PageLayout>
  );
}

function ConsentCard({ auth, request }: { auth: AuthState; request: ReturnType<typeof readRequest> }) {
  const { t } = useTranslation();
  const app = useOAuthClient(request.clientId);
  const api = createOAuthApi(useApiClient());
  const call = useStepCall();
  const [accountId, setAccountId] = useState(auth.user.AccountId);
  const unknownScopes = request.scopes.filter((scope) => !isOAuthScope(scope));

  const answer = (allowed: boolean) =>
    void call.run(async () => {
      const { RedirectUrl } = await api.consent({
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        scope: request.scope,
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: request.codeChallengeMethod,
        account: accountId,
        allowed,
      });
      externalNavigation.assign(RedirectUrl);
    });

  if (app.isPending) return <CircularProgress aria-label={t('states.loading')} />;
  if (app.isError) return <FormError error={app.error} />;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="oauth-app-name" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <div>
          <Typography id="oauth-app-name" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('oauth.consent.asks', { app: app.data.Name })}
          </Typography>
          <Typography color="text.secondary">{t('oauth.consent.madeBy', { company: app.data.CompanyName })}</Typography>
        </div>
        <div>
          <Typography>{t('oauth.consent.wouldLike')}</Typography>
          <ul>
            {request.scopes.filter(isOAuthScope).map((scope) => (
              <li key={scope}>
                <Typography>{t(scopeKeys[scope])}</Typography>
              </li>
            ))}
          </ul>
          {unknownScopes.length > 0 && <FormError>{t('oauth.consent.unknownScopes')}</FormError>}
        </div>
        {auth.accounts.length > 1 ? (
          <TextField
            select
            label={t('oauth.consent.account')}
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            helperText={t('oauth.consent.accountHelp')}
          >
            {auth.accounts.map((account) => (
              <MenuItem key={account.AccountId} value={account.AccountId}>
                {account.Name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography>{t('oauth.consent.actsFor', { account: auth.user.AccountName })}</Typography>
        )}
        {call.failure !== null && <FormError error={call.failure} />}
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => answer(false)} disabled={call.isProcessing}>
            {t('oauth.consent.deny')}
          </Button>
          <Button
            variant="contained"
            onClick={() => answer(true)}
            disabled={call.isProcessing || unknownScopes.length > 0}
            startIcon={call.isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('oauth.consent.allow')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
