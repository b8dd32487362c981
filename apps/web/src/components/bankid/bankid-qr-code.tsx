import Box from '@mui/material/Box';
import { qrCode } from '@signlink/contracts/constants';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** SPEC section 9: display scale 4, error correction L, version 6; a 6-version code is 41 modules plus the margin. */
const qrOptions = {
  errorCorrectionLevel: qrCode.errorCorrection,
  version: qrCode.version,
  scale: qrCode.displayScale,
  margin: 4,
} as const;

/** Renders one second's animated QR payload as a PNG data URL, replacing the image whenever the payload changes. */
export function BankIdQrCode({ data, alt }: { data: string; alt: string }) {
  const [image, setImage] = useState<{ url: string; data: string }>();
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(data, qrOptions)
      // A payload too long for version 6 still gets a code, one version larger, rather than none.
      .catch(() => QRCode.toDataURL(data, { ...qrOptions, version: undefined }))
      .then((url) => {
        if (isCurrent) setImage({ url, data });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [data]);
  const size = (41 + 2 * qrOptions.margin) * qrOptions.scale;
  return (
    <Box sx={{ width: size, height: size, mx: 'auto' }}>
      {image && <img src={image.url} alt={alt} width={size} height={size} data-qr-payload={image.data} />}
    </Box>
  );
}
