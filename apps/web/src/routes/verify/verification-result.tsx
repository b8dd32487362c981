import Alert, { type AlertProps } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VerificationResult, VerificationVerdict } from '@signlink/contracts/documents/verification';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { IdDocumentFacts } from '../../components/documents/id-document-facts.tsx';
import { PaymentRecordSection, PaymentRecordsSection } from './payment-records-section.tsx';
import { Facts, Section } from './verify-sections.tsx';

/** Issue 7, part 6's four verdicts: only "valid" is good news; a file we never sealed is not an alarm of itself. */
const verdictSeverity: Record<VerificationVerdict, NonNullable<AlertProps['severity']>> = {
  valid: 'success',
  modified: 'warning',
  'not-sealed-by-us': 'info',
  broken: 'error',
};

type Signature = VerificationResult['Signatures'][number];
type VerifiedDocument = NonNullable<VerificationResult['Document']>;

function DocumentSection({ document }: { document: VerifiedDocument }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Section id="verify-document" title={t('verify.document.title')}>
      <Facts
        rows={[
          [t('verify.document.name'), document.Name],
          [t('verify.document.id'), document.Id],
          ...(document.SealedAt ? [[t('verify.document.sealedAt'), when(document.SealedAt)] as [string, string]] : []),
        ]}
      />
      {!document.IsSealedFile && (
        <Alert severity="warning" role="note" sx={{ mt: 2 }}>
          {t('verify.document.laterRevision')}
        </Alert>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2.5, mb: 1 }}>
        {t('verify.parties.title')}
      </Typography>
      <Stack component="ul" aria-label={t('verify.parties.title')} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {document.Parties.map((party, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed answer's rows never move; two parties may share a name
          <Box component="li" key={`${index}-${party.Name}`}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{party.Name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`documents.signatureTypes.${party.SignatureType}`)} ·{' '}
              {party.SignedAt
                ? t('verify.parties.signedAt', { date: when(party.SignedAt) })
                : t('verify.parties.notSigned')}
            </Typography>
            {party.IdDocument && <IdDocumentFacts idDocument={party.IdDocument} partyName={party.Name} />}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function SignatureFacts({ signature }: { signature: Signature }) {
  const { t, i18n } = useTranslation();
  const signer = [signature.SignerName, signature.SignerOrganization].filter(Boolean).join(', ');
  return (
    <Facts
      rows={[
        [t('verify.signatures.signer'), signer || t('verify.signatures.unknownSigner')],
        [
          t('verify.signatures.timestamp'),
          signature.TimestampedAt
            ? formatDateTime(signature.TimestampedAt, i18n.language)
            : t('verify.signatures.noTimestamp'),
        ],
        ...(signature.TimestampAuthority
          ? [[t('verify.signatures.authority'), signature.TimestampAuthority] as [string, string]]
          : []),
        [
          t('verify.signatures.checks'),
          [
            t(signature.Intact ? 'verify.signatures.intact' : 'verify.signatures.notIntact'),
            t(signature.Trusted ? 'verify.signatures.trusted' : 'verify.signatures.notTrusted'),
            t(signature.CoversWholeFile ? 'verify.signatures.coversWholeFile' : 'verify.signatures.partial'),
          ].join(' · '),
        ],
      ]}
    />
  );
}

/** What the verifier said of one file: the verdict first and large, then the evidence behind it. */
export function VerificationResultView({ result, fileName }: { result: VerificationResult; fileName: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const verdict = result.Verdict;
  return (
    <Stack spacing={3}>
      <Alert
        severity={verdictSeverity[verdict]}
        role="status"
        data-verdict={verdict}
        sx={{ py: 2, '& .MuiAlert-icon': { fontSize: 36 }, '& .MuiAlert-message': { minWidth: 0 } }}
      >
        <AlertTitle component="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700 }}>
          {t(`verify.verdicts.${verdict}.title`, { brandName: brand.name })}
        </AlertTitle>
        <Typography>{t(`verify.verdicts.${verdict}.text`)}</Typography>
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('verify.checkedFile', { name: fileName })}
        </Typography>
      </Alert>
      {result.PaymentRecord && <PaymentRecordSection record={result.PaymentRecord} />}
      {result.Document && <DocumentSection document={result.Document} />}
      {result.PaymentRecords && result.PaymentRecords.length > 0 && (
        <PaymentRecordsSection records={result.PaymentRecords} />
      )}
      <Section id="verify-signatures" title={t('verify.signatures.title')}>
        {result.Signatures.length === 0 ? (
          <Typography color="text.secondary">{t('verify.signatures.none')}</Typography>
        ) : (
          <Stack spacing={2.5} component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {result.Signatures.map((signature, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed answer's rows never move; nothing else tells them apart
              <Box component="li" key={`${index}-${signature.Kind}`}>
                <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                  {t(`verify.signatures.kinds.${signature.Kind}`)}
                </Typography>
                <SignatureFacts signature={signature} />
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section id="verify-hash" title={t('verify.sha256')}>
        <Typography
          component="code"
          sx={{ fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all', display: 'block' }}
        >
          {result.Sha256}
        </Typography>
      </Section>
    </Stack>
  );
}
