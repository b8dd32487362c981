import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { UpdateUserPreferences, UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { readUserPreferencesRoute } from '@signlink/contracts/auth/user-preferences.routes';
import type { Locale } from '@signlink/contracts/locales';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createPreferencesApi } from '../../../api/preferences-api.ts';
import { useSession } from '../../../api/session-context.tsx';
import { apiQueryKey, useApiQuery } from '../../../api/use-api-query.ts';
import { CookiePreferencesSection } from '../../../components/cookie-consent/cookie-preferences-section.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { SettingsLayout } from '../settings-layout.tsx';
import { LanguageForm } from './language-form.tsx';
import { NameForm } from './name-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { UserFacts } from './user-facts.tsx';

/** /settings/preferences, the first settings section for every role (SPEC section 2: personal preferences). */
export function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="preferences" title={t('settings.title')}>
      {() => <Preferences />}
    </SettingsLayout>
  );
}

export type PreferencesPart = 'name' | 'language';
/** The last save: which part, and its failure if it failed. */
export type SaveOutcome = { part: PreferencesPart; error: unknown } | null;

function Preferences() {
  const { t } = useTranslation();
  const preferences = useApiQuery(readUserPreferencesRoute, {}, { silent: true }, { retry: false });
  const save = useSavePreferences(preferences.data);
  if (preferences.isPending)
    return (
      <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  if (preferences.isError) return <FormError error={preferences.error} />;
  const saved = preferences.data;
  return (
    <Stack spacing={4} divider={<Divider flexItem />}>
      <Stack spacing={3}>
        <NameForm initial={saved.Name} save={save} />
        <UserFacts preferences={saved} />
      </Stack>
      <LanguageForm saved={saved.Language} save={save} />
      <PasswordForm preferences={saved} />
      <CookiePreferencesSection />
    </Stack>
  );
}

export interface SavePreferences {
  /** One save at a time: the PUT carries both name and language, so two at once could undo each other. */
  saving: PreferencesPart | null;
  outcome: SaveOutcome;
  /** Resolves true when saved; the other part is sent as last saved. */
  run(part: PreferencesPart, change: { Name?: string; Language?: Locale }): Promise<boolean>;
}

function useSavePreferences(saved: UserPreferences | undefined): SavePreferences {
  const api = createPreferencesApi(useApiClient());
  const queryClient = useQueryClient();
  const session = useSession();
  const [saving, setSaving] = useState<PreferencesPart | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  async function run(part: PreferencesPart, change: { Name?: string; Language?: Locale }) {
    if (!saved) return false;
    const body: UpdateUserPreferences = { Name: saved.Name, Language: saved.Language, ...change };
    setSaving(part);
    setOutcome(null);
    try {
      const next = await api.update(body);
      queryClient.setQueryData(apiQueryKey(readUserPreferencesRoute), next);
      setOutcome({ part, error: null });
      // The header and the user menu show the name from `GET user`: load it again behind the screen.
      if (next.Name !== saved.Name) void session.start();
      return true;
    } catch (error) {
      setOutcome({ part, error });
      return false;
    } finally {
      setSaving(null);
    }
  }
  return { saving, outcome, run };
}
