import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '../../api/documents-api.ts';
import { availableActions, type DocumentAction } from './document-actions.ts';
import { MoreIcon } from './document-icons.tsx';

/** The menu's label per action; withdraw and delete are set apart at the end, in red. */
export const actionLabelKeys: Record<DocumentAction, `documents.actions.${string}`> = {
  open: 'documents.actions.open',
  remind: 'documents.actions.remind',
  share: 'documents.actions.share',
  handled: 'documents.actions.handled',
  unhandled: 'documents.actions.unhandled',
  archive: 'documents.actions.archive',
  unarchive: 'documents.actions.unarchive',
  withdraw: 'documents.actions.withdraw',
  delete: 'documents.actions.delete',
  duplicate: 'documents.actions.duplicate',
  report: 'documents.actions.report',
  'download-sealed': 'documents.actions.downloadSealed',
  'download-audit-trail': 'documents.actions.downloadAuditTrail',
};

const destructive: readonly DocumentAction[] = ['withdraw', 'delete'];

/** A document's actions behind one button (a list row, the overview's "more"). */
export function DocumentActionsMenu({
  document,
  onAction,
  exclude = [],
  disabled = false,
}: {
  document: DocumentSummary;
  onAction: (action: DocumentAction) => void;
  /** Actions the page shows as buttons of their own already. */
  exclude?: readonly DocumentAction[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = availableActions(document).filter((action) => !exclude.includes(action));
  const choose = (action: DocumentAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton
        aria-label={t('documents.actions.menuFor', { name: document.Name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* MUI's Menu takes no Fragments: the divider before the destructive pair is an item of the array. */}
        {actions.flatMap((action, index) => [
          ...(destructive.includes(action) && !destructive.includes(actions[index - 1] ?? 'open')
            ? [<Divider key={`${action}-divider`} />]
            : []),
          <MenuItem
            key={action}
            onClick={() => choose(action)}
            sx={destructive.includes(action) ? { color: 'error.main' } : undefined}
          >
            {t(actionLabelKeys[action])}
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}
