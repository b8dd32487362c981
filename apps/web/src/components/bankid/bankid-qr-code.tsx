import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { qrCode } from '@signlink/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDataUrl } from '../../lib/download-data-url.ts';
import { defaultQrDisplaySize, type QrImage, qrDownloadFileName, renderQrImage } from './bankid-qr-image.ts';

/**
 * Renders one second's animated QR payload at the display scale, replacing the image whenever the payload changes,
 * and offers the code shown as a PNG at the download scale (SPEC section 9).
 */
export function BankIdQrCode({ data }: { data: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<QrImage>();
  useEffect(() => {
    let isCurrent = true;
    renderQrImage(data, qrCode.displayScale)
      .then((rendered) => {
        if (isCurrent) setImage(rendered);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [data]);

  // The code the person sees, drawn anew at the larger scale only when asked: not a second large PNG every second.
  const download = () => {
    if (!image) return;
    renderQrImage(image.data, qrCode.downloadScale)
      .then((png) => downloadDataUrl({ url: png.url, fileName: qrDownloadFileName }))
      .catch(() => undefined);
  };

  const size = image?.size ?? defaultQrDisplaySize;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: size, height: size }}>
        {image && (
          <img src={image.url} alt={t('bankId.qr.alt')} width={size} height={size} data-qr-payload={image.data} />
        )}
      </Box>
      <Button size="small" onClick={download} disabled={!image}>
        {t('bankId.qr.download')}
      </Button>
    </Stack>
  );
}
