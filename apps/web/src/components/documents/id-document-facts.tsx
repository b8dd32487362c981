import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { PartyIdDocument } from '@signlink/contracts/documents/party-id-document';
import { useTranslation } from 'react-i18next';

/**
 * The identity document a type 5 or 6 signer showed (type and issuing country), and a warning when the name read
 * from it is not the party's: the scan's own comparison, made when it passed, which allows for order and accents.
 */
export function IdDocumentFacts({ idDocument, partyName }: { idDocument: PartyIdDocument; partyName: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('overview.idDocument.document', {
          documentType: t(`overview.idDocument.documentTypes.${idDocument.DocumentType}`),
          country: idDocument.IssuingCountry,
        })}
      </Typography>
      {!idDocument.NameMatches && (
        <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
          {t('overview.idDocument.differs', { nameRead: idDocument.NameRead, name: partyName })}
        </Alert>
      )}
    </>
  );
}
