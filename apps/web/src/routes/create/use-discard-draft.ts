import { listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi } from '../../api/drafts-api.ts';
import { apiQueryKey } from '../../api/use-api-query.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';

/**
 * Deletes a draft after asking (`DELETE linktinker/projects/{id}`: its files go too, and it cannot be undone), then
 * reloads the drafts lists. True once deleted, false when the user said no; a failure rejects with the API error.
 * `beforeDelete` runs once the user said yes (the editor saves what is pending, so nothing is saved after).
 */
export function useDiscardDraft() {
  const { t } = useTranslation();
  const client = useApiClient();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  return async (draft: { id: string; name: string; beforeDelete?: () => Promise<void> }): Promise<boolean> => {
    const yes = await dialogs.confirm({
      title: t('create.discardDraft.confirmTitle'),
      message: t('create.discardDraft.confirmMessage', { name: draft.name }),
      yesLabel: t('create.discardDraft.action'),
      noLabel: t('common.cancel'),
    });
    if (!yes) return false;
    await draft.beforeDelete?.();
    await createDocumentsApi(client).discard(draft.id);
    await queryClient.invalidateQueries({ queryKey: apiQueryKey(listDraftsRoute).slice(0, 2) });
    return true;
  };
}
