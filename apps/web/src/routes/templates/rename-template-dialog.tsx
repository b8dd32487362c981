import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '../../api/templates-api.ts';
import { FormDialog } from '../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';

/** Renames a template (`PUT templates/{id}`); closes with the new name, or null when cancelled. */
export function RenameTemplateDialog({
  template,
  rename,
  onClose,
}: {
  template: TemplateSummary;
  rename: (name: string) => Promise<unknown>;
  onClose: (renamed: string | null) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(template.Name);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const trimmed = name.trim();
  return (
    <FormDialog
      title={t('templates.rename.title')}
      intro={t('templates.rename.intro')}
      submitLabel={t('templates.rename.save')}
      isProcessing={busy}
      isSubmitDisabled={trimmed === ''}
      onClose={() => onClose(null)}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setFailure(null);
        rename(trimmed)
          .then(() => onClose(trimmed))
          .catch((error: unknown) => setFailure(error))
          .finally(() => setBusy(false));
      }}
    >
      <TextField
        label={t('templates.rename.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormError error={failure} />
    </FormDialog>
  );
}
