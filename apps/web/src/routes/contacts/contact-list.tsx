import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Contact } from '@signlink/contracts/contacts/contacts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/documents/format-date.ts';

interface ContactListProps {
  contacts: Contact[];
  canEdit: boolean;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** Long addresses wrap rather than push the table off a narrow screen. */
const wrapSx = { overflowWrap: 'anywhere' } as const;

/** A table from the sm breakpoint up; on a phone, one card per contact (SPEC section 2: every screen on a phone). */
export function ContactList(props: ContactListProps) {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return isPhone ? <ContactCards {...props} /> : <ContactTable {...props} />;
}

function useContactTexts() {
  const { t, i18n } = useTranslation();
  return {
    t,
    company: (contact: Contact) =>
      contact.Kind === 'company' ? (contact.CompanyName ?? t('contacts.kinds.company')) : (contact.CompanyName ?? ''),
    lastUsed: (contact: Contact) =>
      contact.LastUsed ? formatDate(contact.LastUsed, i18n.language) : t('contacts.notYet'),
  };
}

function ContactActions({
  contact,
  onEdit,
  onDelete,
}: Omit<ContactListProps, 'contacts' | 'canEdit'> & { contact: Contact }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" onClick={() => onEdit(contact)} aria-label={t('contacts.editFor', { name: contact.Name })}>
        {t('contacts.edit')}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => onDelete(contact)}
        aria-label={t('contacts.deleteFor', { name: contact.Name })}
      >
        {t('contacts.delete')}
      </Button>
    </Stack>
  );
}

function ContactTable({ contacts, canEdit, onEdit, onDelete }: ContactListProps) {
  const { t, company, lastUsed } = useContactTexts();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('contacts.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('contacts.columns.name')}</TableCell>
            <TableCell>{t('contacts.columns.email')}</TableCell>
            <TableCell>{t('contacts.columns.phone')}</TableCell>
            <TableCell>{t('contacts.columns.company')}</TableCell>
            <TableCell>{t('contacts.columns.lastUsed')}</TableCell>
            {canEdit && <TableCell align="right">{t('contacts.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((contact) => (
            <TableRow key={contact.Id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, ...wrapSx }}>
                {contact.Name}
              </TableCell>
              <TableCell sx={wrapSx}>{contact.Email ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{contact.Phone ?? '—'}</TableCell>
              <TableCell sx={wrapSx}>{company(contact) || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastUsed(contact)}</TableCell>
              {canEdit && (
                <TableCell align="right">
                  <ContactActions contact={contact} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ContactCards({ contacts, canEdit, onEdit, onDelete }: ContactListProps) {
  const { t, company, lastUsed } = useContactTexts();
  return (
    <Stack component="ul" aria-label={t('contacts.label')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {contacts.map((contact) => (
        <Paper component="li" variant="outlined" key={contact.Id} sx={{ p: 2 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem', ...wrapSx }}>
            {contact.Name}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
            {[
              [t('contacts.columns.email'), contact.Email],
              [t('contacts.columns.phone'), contact.Phone],
              [t('contacts.columns.company'), company(contact)],
              [t('contacts.columns.lastUsed'), lastUsed(contact)],
            ]
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, ...wrapSx }}>
                    {value}
                  </Typography>
                </Box>
              ))}
          </Box>
          {canEdit && (
            <Box sx={{ mt: 1 }}>
              <ContactActions contact={contact} onEdit={onEdit} onDelete={onDelete} />
            </Box>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
