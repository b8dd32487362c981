import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isSameSignerName } from '@signlink/contracts/documents/verified-name';
import { useTranslation } from 'react-i18next';
import type { DocumentDetailParty } from '../../api/documents-api.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { IdDocumentFacts } from '../../components/documents/id-document-facts.tsx';

/** A message's fate (party-delivery-state.ts): bounced is the news the sender must act on. */
const deliveryColours: Record<DocumentDetailParty['Delivery'], NonNullable<ChipProps['color']>> = {
  none: 'default',
  queued: 'default',
  sent: 'info',
  delivered: 'success',
  bounced: 'error',
};

/**
 * Each party with their contact, how the invitation fared, whether they opened and signed, and what the sender can
 * do for them while the document is open: remind (RemindersLeft) or correct the contact (ContactUpdatesLeft). A
 * BankID signature by someone whose proved name is not the party's is flagged here, where the sender looks, as is
 * an ID scan whose document names someone else (the scan's own comparison, which allows for order and diacritics).
 */
export function PartyList({
  parties,
  isOpen,
  canManage,
  busy,
  onRemind,
  onCorrect,
}: {
  parties: readonly DocumentDetailParty[];
  isOpen: boolean;
  canManage: boolean;
  busy: boolean;
  onRemind: (party: DocumentDetailParty) => void;
  onCorrect: (party: DocumentDetailParty) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined">
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {parties.map((party) => {
          const name = party.Name || t('documents.party.unnamed', { index: party.SignatureIndex + 1 });
          const acts = canManage && isOpen && !party.Signed;
          return (
            <Box
              component="li"
              key={party.Id}
              aria-label={name}
              sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[party.Email, party.Phone].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`documents.methods.${party.InvitationMethod}`)}
                    {' · '}
                    {t(`documents.signatureTypes.${party.SignatureType}`)}
                    {party.GetPaid && ` · ${t('overview.parties.getPaid')}`}
                  </Typography>
                  {party.IdDocument && <IdDocumentFacts idDocument={party.IdDocument} partyName={name} />}
                  <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
                    <Chip
                      size="small"
                      color={party.Signed ? 'success' : 'default'}
                      variant={party.Signed ? 'filled' : 'outlined'}
                      label={
                        party.Signed && party.SignedAt
                          ? t('overview.parties.signedAt', { date: formatDateTime(party.SignedAt, i18n.language) })
                          : t(party.Signed ? 'documents.party.signed' : 'documents.party.notSigned')
                      }
                    />
                    {party.GetPaid && (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={party.Paid ? 'success' : 'default'}
                        label={
                          party.Paid && party.PaidAt
                            ? t('signPaySettings.partyPaidAt', { date: formatDateTime(party.PaidAt, i18n.language) })
                            : t(party.Paid ? 'overview.parties.paid' : 'overview.parties.notPaid')
                        }
                      />
                    )}
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(party.Opened ? 'overview.parties.opened' : 'overview.parties.notOpened')}
                    />
                    <Chip
                      size="small"
                      color={deliveryColours[party.Delivery]}
                      variant={party.Delivery === 'bounced' ? 'filled' : 'outlined'}
                      label={t(`overview.delivery.${party.Delivery}`)}
                    />
                  </Stack>
                  {party.VerifiedName && !isSameSignerName(party.Name, party.VerifiedName) && (
                    <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
                      {t('overview.verifiedName.differs', { verifiedName: party.VerifiedName, name })}
                    </Alert>
                  )}
                </Box>
                {acts && (
                  <Stack
                    direction={{ xs: 'row', sm: 'column' }}
                    sx={{ gap: 1, alignItems: { xs: 'center', sm: 'flex-end' }, flexShrink: 0, flexWrap: 'wrap' }}
                  >
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy || party.RemindersLeft === 0}
                      onClick={() => onRemind(party)}
                      aria-label={t('overview.parties.remindFor', { name })}
                    >
                      {t('documents.actions.remind')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy || party.ContactUpdatesLeft === 0}
                      onClick={() => onCorrect(party)}
                      aria-label={t('overview.parties.correctFor', { name })}
                    >
                      {t('overview.parties.correct')}
                    </Button>
                    <Typography variant="caption" color="text.secondary">
                      {t('overview.parties.remindersLeft', { count: party.RemindersLeft })}
                    </Typography>
                  </Stack>
                )}
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
