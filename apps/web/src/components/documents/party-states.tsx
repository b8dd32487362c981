import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DocumentParty } from '../../api/documents-api.ts';
import { CheckIcon, PendingIcon } from './document-icons.tsx';

/** Each party with whether they signed: green with a tick once signed, outlined with a clock while awaited. */
export function PartyStates({ parties }: { parties: readonly DocumentParty[] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" component="ul" sx={{ gap: 0.75, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
      {parties.map((party) => (
        <li key={party.Id}>
          <Chip
            size="small"
            variant={party.Signed ? 'filled' : 'outlined'}
            color={party.Signed ? 'success' : 'default'}
            icon={party.Signed ? <CheckIcon /> : <PendingIcon />}
            label={party.Name || t('documents.party.unnamed', { index: party.SignatureIndex + 1 })}
            title={party.Signed ? t('documents.party.signed') : t('documents.party.notSigned')}
            aria-label={t(party.Signed ? 'documents.party.signedBy' : 'documents.party.awaiting', {
              name: party.Name || t('documents.party.unnamed', { index: party.SignatureIndex + 1 }),
            })}
          />
        </li>
      ))}
    </Stack>
  );
}
