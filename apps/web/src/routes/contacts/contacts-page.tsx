import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact, ContactRequest } from '@signlink/contracts/contacts/contacts';
import { listContactsRoute } from '@signlink/contracts/contacts/contacts.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { contactsPath, createContactsApi } from '../../api/contacts-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ContactDialog, type ContactValues } from './contact-dialog.tsx';
import { ContactList } from './contact-list.tsx';

const searchDelayMs = 300;

const requestOf = (values: ContactValues): ContactRequest => ({
  Kind: values.Kind,
  Name: values.Name,
  Email: values.Email || null,
  Phone: values.Phone || null,
  CompanyName: values.CompanyName || null,
  OrgNumber: values.OrgNumber || null,
});

/**
 * /contacts (SPEC section 2, menu item Contacts): the account's people and companies, collected from sent documents
 * and editable here by those who make documents; read-only users see the list only.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const api = createContactsApi(useApiClient());
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), searchDelayMs);
  const list = useApiQuery(
    listContactsRoute,
    { query: settledSearch ? { search: settledSearch } : {} },
    { silent: true },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  // null: closed; a contact: editing it; 'new': adding one.
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api', contactsPath] });

  const save = async (values: ContactValues) => {
    const saved =
      editing && editing !== 'new'
        ? await api.update(editing.Id, requestOf(values))
        : await api.create(requestOf(values));
    setEditing(null);
    setFailure(null);
    setNotice(
      editing === 'new' ? t('contacts.added', { name: saved.Name }) : t('contacts.saved', { name: saved.Name }),
    );
    await refresh();
  };

  const remove = async (contact: Contact) => {
    const isSure = await dialogs.confirm({
      title: t('contacts.deleteConfirm.title'),
      message: t('contacts.deleteConfirm.message', { name: contact.Name }),
      yesLabel: t('contacts.deleteConfirm.yes'),
      noLabel: t('common.cancel'),
    });
    if (!isSure) return;
    setNotice(null);
    setFailure(null);
    try {
      await api.remove(contact.Id);
      setNotice(t('contacts.deleted', { name: contact.Name }));
    } catch (error) {
      setFailure(error);
    }
    await refresh();
  };

  const data = list.data;
  const canEdit = data?.CanEdit ?? false;
  return (
    <DocumentsPage
      title={t('routes.contacts')}
      subtitle={t('contacts.intro')}
      actions={
        canEdit && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('contacts.add')}
          </Button>
        )
      }
    >
      <Stack spacing={2}>
        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <FormError error={failure} />
        {data && !data.CanEdit && (
          <Alert severity="info" role="note">
            {t('contacts.readOnly')}
          </Alert>
        )}
        <Box component="form" role="search" onSubmit={(event) => event.preventDefault()}>
          <TextField
            type="search"
            size="small"
            fullWidth
            label={t('contacts.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ maxWidth: { sm: 420 } }}
          />
        </Box>
        {list.isPending && (
          <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        )}
        {list.isError && <FormError error={list.error} />}
        {data && data.Contacts.length === 0 && (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography>
              {settledSearch ? t('contacts.noMatch', { search: settledSearch }) : t('contacts.empty')}
            </Typography>
          </Paper>
        )}
        {data && data.Contacts.length > 0 && (
          <>
            <Typography color="text.secondary" role="status">
              {data.Total > data.Contacts.length
                ? t('contacts.showingFirst', { shown: data.Contacts.length, total: data.Total })
                : t('contacts.count', { count: data.Total })}
            </Typography>
            <ContactList
              contacts={data.Contacts}
              canEdit={canEdit}
              onEdit={(contact) => setEditing(contact)}
              onDelete={(contact) => void remove(contact)}
            />
          </>
        )}
      </Stack>
      {editing && (
        <ContactDialog
          contact={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </DocumentsPage>
  );
}
