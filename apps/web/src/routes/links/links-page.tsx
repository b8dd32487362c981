import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicLink } from '@signlink/contracts/public-links/public-links';
import { listPublicLinksRoute } from '@signlink/contracts/public-links/public-links.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createPublicLinksApi, ownLinksPath, publicLinksPath } from '../../api/public-links-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { type ActionResult, ActionResultStatus } from '../../components/links/action-result-status.tsx';
import { copyLinkAddress } from '../../components/links/link-address.tsx';
import { type LinkAction, PublicLinkCard } from './public-link-card.tsx';

/**
 * /links (SPEC section 2 "Public links"): the account's public links, each with its address and QR code, what it
 * brought, and its preview, sub-inbox, field editor, settings, on/off switch and deletion.
 */
export function LinksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const api = createPublicLinksApi(useApiClient());
  const links = useApiQuery(listPublicLinksRoute, {}, { silent: true }, { retry: false });
  const [result, setResult] = useState<ActionResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['api', publicLinksPath] }),
      queryClient.invalidateQueries({ queryKey: ['api', ownLinksPath] }),
    ]);

  const copy = async (link: PublicLink) => {
    setResult(
      (await copyLinkAddress(link.Url))
        ? { notice: t('publicLinks.copied', { name: link.Name }) }
        : { notice: t('publicLinks.copyFailed'), severity: 'warning' },
    );
  };

  const change = async (link: PublicLink, work: () => Promise<unknown>, notice?: string) => {
    setResult(null);
    setBusy(link.Id);
    try {
      await work();
      if (notice) setResult({ notice });
    } catch (failure) {
      setResult({ failure });
    }
    await refresh();
    setBusy(null);
  };

  const run = async (action: LinkAction, link: PublicLink) => {
    switch (action) {
      case 'copy':
        return copy(link);
      case 'preview':
        return navigate(`/preview/${encodeURIComponent(link.Id)}`);
      case 'inbox':
        return navigate(`/inbox?subinbox=${encodeURIComponent(link.Id)}`);
      case 'editSettings':
        return navigate(`/links/${encodeURIComponent(link.Id)}/edit`);
      case 'editFields': {
        setBusy(link.Id);
        try {
          const { ProjectId } = await api.openEditor(link.Id);
          return navigate(`/create/${encodeURIComponent(ProjectId)}`);
        } catch (failure) {
          setResult({ failure });
        } finally {
          setBusy(null);
        }
        return;
      }
      case 'toggle': {
        const disable = link.Status === 'active';
        return change(
          link,
          () => api.setDisabled(link.Id, disable),
          t(disable ? 'publicLinks.disabled' : 'publicLinks.enabled', { name: link.Name }),
        );
      }
      case 'delete': {
        const isSure = await dialogs.confirm({
          title: t('publicLinks.deleteTitle', { name: link.Name }),
          message: t('publicLinks.deleteMessage'),
          yesLabel: t('publicLinks.actions.delete'),
        });
        if (!isSure) return;
        return change(link, () => api.remove(link.Id), t('publicLinks.deleted', { name: link.Name }));
      }
    }
  };

  return (
    <DocumentsPage
      title={t('routes.links')}
      subtitle={t('publicLinks.intro')}
      actions={
        <Button component={RouterLink} to="/links/create" variant="contained">
          {t('publicLinks.create')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <ActionResultStatus result={result} onClose={() => setResult(null)} list={links} />
        {links.data?.PublicLinks.length === 0 && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('publicLinks.emptyTitle')}</Typography>
            <Typography color="text.secondary">{t('publicLinks.empty')}</Typography>
          </Paper>
        )}
        {links.data?.PublicLinks.map((link) => (
          <PublicLinkCard
            key={link.Id}
            link={link}
            isBusy={busy === link.Id}
            onAction={(action, chosen) => void run(action, chosen)}
          />
        ))}
      </Stack>
    </DocumentsPage>
  );
}
