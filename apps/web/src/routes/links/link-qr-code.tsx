import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { qrCode } from '@signlink/contracts/constants';
import { publicLinkQrScale } from '@signlink/contracts/public-links/public-links';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultQrDisplaySize, renderQrImage } from '../../components/bankid/bankid-qr-image.ts';
import { downloadDataUrl } from '../../lib/download-data-url.ts';

/** A file name from the link's name: letters and digits kept, the rest one dash. */
export function qrFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${base || 'public-link'}-qr.png`;
}

/**
 * SPEC section 9's QR code of a public link's address: shown at the display scale, downloaded as a PNG at the
 * download scale (publicLinkQrScale) for print.
 */
export function LinkQrCode({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    renderQrImage(url, qrCode.displayScale).then(
      (rendered) => isCurrent && setImage(rendered.url),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [url]);

  const download = async () => {
    const rendered = await renderQrImage(url, publicLinkQrScale);
    downloadDataUrl({ url: rendered.url, fileName: qrFileName(name) });
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Box
        sx={{ width: defaultQrDisplaySize, height: defaultQrDisplaySize, maxWidth: '100%', bgcolor: 'common.white' }}
      >
        {image && (
          <Box
            component="img"
            src={image}
            alt={t('publicLinks.qrAlt', { name })}
            sx={{ width: '100%', height: '100%', display: 'block' }}
          />
        )}
      </Box>
      <Button size="small" variant="outlined" onClick={() => void download()}>
        {t('publicLinks.downloadQr')}
      </Button>
    </Stack>
  );
}
