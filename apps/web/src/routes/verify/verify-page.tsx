import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import type { VerificationResult } from '@signlink/contracts/documents/verification';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../api/api-client.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { createVerifyApi, sealCaPath } from '../../api/verify-api.ts';
import { useBrand } from '../../brand/brand-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { PdfDropZone } from '../../components/forms/pdf-drop-zone.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { VerificationResultView } from './verification-result.tsx';

const maxUploadBytes = limits.maxUploadMegabytes * 1024 * 1024;

/**
 * /verify (issue 7, part 6; SPEC section 2's menu item "Verify Document", and where a sealed PDF's QR code points):
 * anyone, signed in or not, drops a PDF and learns whether we sealed it and whether it changed since.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const api = createVerifyApi(useApiClient());
  const [tooLarge, setTooLarge] = useState(false);
  const check = useMutation<{ result: VerificationResult; fileName: string }, unknown, File>({
    mutationFn: async (file) => ({ result: await api.verify(file), fileName: file.name }),
  });

  const onFile = (file: File) => {
    // Said at once rather than after sending 25 MiB for the server to refuse (FILE_TOO_LARGE).
    setTooLarge(file.size > maxUploadBytes);
    if (file.size > maxUploadBytes) return check.reset();
    check.mutate(file);
  };
  const startOver = () => {
    setTooLarge(false);
    check.reset();
  };

  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
          {t('verify.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('verify.intro', { brandName: brand.name })}
        </Typography>
        <Stack spacing={3}>
          {check.data ? (
            <>
              <VerificationResultView result={check.data.result} fileName={check.data.fileName} />
              <Box>
                <Button variant="contained" onClick={startOver}>
                  {t('verify.checkAnother')}
                </Button>
              </Box>
            </>
          ) : (
            <>
              <PdfDropZone
                busy={check.isPending}
                onFile={onFile}
                testId="verify-drop-zone"
                texts={{
                  heading: t('verify.drop.heading'),
                  hint: t('verify.drop.hint', { megabytes: limits.maxUploadMegabytes }),
                  choose: t('verify.drop.choose'),
                  busy: t('verify.drop.checking'),
                }}
              />
              <FormError error={check.error ?? undefined} />
              {tooLarge && <FormError>{t('verify.drop.tooLarge', { megabytes: limits.maxUploadMegabytes })}</FormError>}
            </>
          )}
          <Typography variant="body2" color="text.secondary">
            {/* A plain link: the certificate is public and the browser saves it as the server names it. */}
            <Link href={new URL(sealCaPath, apiBaseUrl(window.location.origin)).href} download>
              {t('verify.ca.link')}
            </Link>
            {' · '}
            {t('verify.ca.hint')}
          </Typography>
        </Stack>
      </Box>
    </PageLayout>
  );
}
