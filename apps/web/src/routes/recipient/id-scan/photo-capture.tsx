import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { idScanImageTypes, idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FramingGuide } from './framing-guide.tsx';
import type { ScanPhoto } from './id-scan-api.ts';
import { captureFrame, checkPhotoFile, type FacingMode, openCamera, photoOfBlob, stopCamera } from './scan-photo.ts';

export interface PhotoCaptureProps {
  /** The back camera for a document, the front one for the face. */
  facingMode: FacingMode;
  /** What to photograph, shown above the camera. */
  instructions: string;
  /** Sends the photo; the step's own error (a refusal) comes back through `error`. */
  onUse: (photo: ScanPhoto) => void;
  isBusy: boolean;
  /** Why the last photo was refused, already in words; shown with the preview so the person retakes it. */
  error: string | null;
}

type CameraState = 'starting' | 'live' | 'unavailable';

const megabytes = idScanLimits.maxImageBytes / (1024 * 1024);

/** A URL the preview <img> shows; jsdom has none to give. */
function previewUrlOf(blob: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

/**
 * One photo for the scan: the camera with a framing guide and a Capture button, or a photo from the device instead
 * (where there is no camera, it is refused, or the person prefers it); then a preview to retake or use.
 */
export function PhotoCapture({ facingMode, instructions, onUse, isBusy, error }: PhotoCaptureProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => {
    let isCancelled = false;
    openCamera(facingMode).then(
      (stream) => {
        if (isCancelled) return stopCamera(stream);
        streamRef.current = stream;
        setCamera('live');
      },
      () => !isCancelled && setCamera('unavailable'),
    );
    return () => {
      isCancelled = true;
      stopCamera(streamRef.current);
      streamRef.current = null;
    };
  }, [facingMode]);

  // The <video> mounts once the camera is live, and again after each retake.
  const attachVideo = (video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (!video || !streamRef.current || video.srcObject === streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play?.()?.catch(() => undefined);
  };
  useEffect(
    () => () => {
      if (preview?.url) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const show = (blob: Blob) => {
    setFileProblem(null);
    setPreview({ blob, url: previewUrlOf(blob) });
  };
  const capture = async () => {
    if (!videoRef.current) return;
    try {
      show(await captureFrame(videoRef.current));
    } catch {
      setCamera('unavailable');
    }
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) return setFileProblem(t(`idScan.photo.${problem}`, { megabytes }));
    show(file);
  };
  const use = async () => {
    if (preview) onUse(await photoOfBlob(preview.blob));
  };

  const uploadButton = (
    <Button variant={camera === 'unavailable' ? 'contained' : 'text'} onClick={() => fileRef.current?.click()}>
      {t('idScan.photo.upload')}
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Typography id={hintId}>{instructions}</Typography>
      <input
        ref={fileRef}
        type="file"
        accept={idScanImageTypes.join(',')}
        hidden
        aria-label={t('idScan.photo.upload')}
        data-testid="id-scan-file"
        onChange={choose}
      />
      {preview ? (
        <>
          {preview.url && (
            <Box
              component="img"
              src={preview.url}
              alt={t('idScan.photo.previewAlt')}
              sx={{ width: '100%', maxHeight: 320, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100' }}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => setPreview(null)} disabled={isBusy}>
              {t('idScan.photo.retake')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void use()}
              disabled={isBusy}
              startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {isBusy ? t('idScan.photo.sending') : t('idScan.photo.use')}
            </Button>
          </Stack>
        </>
      ) : (
        <>
          {camera === 'live' && (
            <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: 'common.black' }}>
              <video
                ref={attachVideo}
                muted
                playsInline
                aria-describedby={hintId}
                style={{ width: '100%', display: 'block', transform: facingMode === 'user' ? 'scaleX(-1)' : undefined }}
              />
              <FramingGuide shape={facingMode === 'user' ? 'oval' : 'card'} />
            </Box>
          )}
          {camera === 'starting' && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} />
              <Typography>{t('idScan.photo.cameraStarting')}</Typography>
            </Stack>
          )}
          {camera === 'unavailable' && <Alert severity="info">{t('idScan.photo.noCamera')}</Alert>}
          {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {uploadButton}
            {camera === 'live' && (
              <Button variant="contained" onClick={() => void capture()}>
                {t('idScan.photo.capture')}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
