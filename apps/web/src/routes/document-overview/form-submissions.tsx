import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import type { ApiError } from '../../api/api-error.ts';
import type { DocumentDetail } from '../../api/documents-api.ts';
import {
  createFormSubmissionsApi,
  type FormDecision,
  type OwnerFormSubmission,
  type OwnerForms,
} from '../../api/form-submissions-api.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { saveBlob } from '../../lib/save-blob.ts';
import { OverviewSection } from './overview-section.tsx';

type Status = 'filling' | 'pending' | 'final' | 'approved' | 'denied';
const statusColours: Record<Status, NonNullable<ChipProps['color']>> = {
  filling: 'default',
  pending: 'warning',
  final: 'default',
  approved: 'success',
  denied: 'error',
};

/** Where the form stands: the decision once made, else pending (awaits one) or final; unsent forms are being filled. */
function statusOf(form: OwnerFormSubmission): Status {
  if (form.approvalValue) return form.approvalValue === 'approve' ? 'approved' : 'denied';
  if (!form.isFrozen) return 'filling';
  return form.isPending ? 'pending' : 'final';
}

/**
 * The forms the document's recipients filled (issue 8, part 7; SPEC section 4: "A form can be sent pending or
 * final"): who and when, where it stands, its PDF once sent, and for those who may manage the document, approve or
 * deny a pending one. The decision is final and the submitter is told, so it is asked for first. Nothing shows for
 * a document without forms.
 */
export function FormSubmissions({
  document,
  forms,
  busy,
  change,
}: {
  document: Pick<DocumentDetail, 'Id' | 'CanManage'>;
  /**
   * `GET errands/{id}/forms` (`listDocumentFormsRoute`), read by the page with the document: its query key is under the
   * document's path, so a change on the overview (which reloads `linktinker/errands…`) reloads it too.
   */
  forms: UseQueryResult<OwnerForms, ApiError>;
  busy: boolean;
  change: (call: () => Promise<unknown>, success: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const api = createFormSubmissionsApi(useApiClient());
  const dialogs = useDialogs();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (forms.isPending) return null;
  if (forms.isError) {
    return (
      <OverviewSection id="overview-forms" title={t('overview.forms.title')}>
        <FormError error={forms.error} />
      </OverviewSection>
    );
  }
  if (forms.data.forms.length === 0) return null;

  const nameOf = (form: OwnerFormSubmission) =>
    form.submitter?.name ||
    form.name ||
    (form.submitter
      ? t('documents.party.unnamed', { index: form.submitter.signatureIndex + 1 })
      : t('overview.forms.unknownSubmitter'));

  const decide = async (form: OwnerFormSubmission, decision: FormDecision) => {
    const name = nameOf(form);
    const told = form.notifies.length === 2 ? 'both' : (form.notifies[0] ?? 'none');
    const yes = await dialogs.confirm({
      title: t(decision === 'approve' ? 'overview.forms.confirm.approveTitle' : 'overview.forms.confirm.denyTitle'),
      message: `${t('overview.forms.confirm.final', { name })} ${t(`overview.forms.confirm.told.${told}`, { name })}`,
      yesLabel: t(decision === 'approve' ? 'overview.forms.approve' : 'overview.forms.deny'),
      noLabel: t('common.cancel'),
    });
    if (!yes) return;
    await change(
      () => api.decide(document.Id, form.formId, decision),
      t(decision === 'approve' ? 'overview.forms.approvedDone' : 'overview.forms.deniedDone', { name }),
    );
  };

  const download = async (form: OwnerFormSubmission) => {
    setDownloading(form.formId);
    setFailure(null);
    try {
      const file = await api.download(document.Id, form.formId);
      saveBlob({ blob: file.blob, fileName: file.fileName ?? `${nameOf(form)}.pdf` });
    } catch (error) {
      setFailure(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <OverviewSection id="overview-forms" title={t('overview.forms.title')}>
      <Paper variant="outlined">
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {forms.data.forms.map((form) => {
            const name = nameOf(form);
            const status = statusOf(form);
            const sentAt = form.submittedAt ?? form.sharedAt;
            const canDecide = document.CanManage && status === 'pending';
            return (
              <Box
                component="li"
                key={form.formId}
                aria-label={name}
                sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {sentAt
                        ? t('overview.forms.sentAt', { date: formatDateTime(sentAt, i18n.language) })
                        : t('overview.forms.savedAt', { date: formatDateTime(form.updatedAt, i18n.language) })}
                    </Typography>
                    <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
                      <Chip
                        size="small"
                        color={statusColours[status]}
                        variant={status === 'approved' || status === 'denied' ? 'filled' : 'outlined'}
                        label={t(`overview.forms.status.${status}`)}
                      />
                      {form.isSharing && <Chip size="small" variant="outlined" label={t('overview.forms.shared')} />}
                    </Stack>
                  </Box>
                  <Stack
                    direction="row"
                    sx={{ gap: 1, alignItems: 'center', alignSelf: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
                  >
                    {canDecide && (
                      <>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={busy}
                          onClick={() => void decide(form, 'approve')}
                          aria-label={t('overview.forms.approveFor', { name })}
                        >
                          {t('overview.forms.approve')}
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          disabled={busy}
                          onClick={() => void decide(form, 'deny')}
                          aria-label={t('overview.forms.denyFor', { name })}
                        >
                          {t('overview.forms.deny')}
                        </Button>
                      </>
                    )}
                    {form.hasPdf && (
                      <Button
                        size="small"
                        disabled={downloading !== null}
                        onClick={() => void download(form)}
                        aria-label={t('overview.forms.downloadFor', { name })}
                      >
                        {t('overview.forms.download')}
                      </Button>
                    )}
                  </Stack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </Paper>
      {failure !== null && (
        <Box sx={{ mt: 1 }}>
          <FormError error={failure} />
        </Box>
      )}
    </OverviewSection>
  );
}
