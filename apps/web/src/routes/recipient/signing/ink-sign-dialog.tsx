import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { inkSubmissionOf, type SignatureSubmission, withoutLastStroke } from './ink-data.ts';
import { type CreateInkPad, createSignaturePad, type InkPad } from './ink-pad.ts';
import { TypedSignatureField, typedSignatureOf } from './typed-signature-field.tsx';

export interface InkSignDialogProps {
  /** The slot's label ("Sign 1" or the sender's). */
  slotLabel: string;
  /** Settings.allowNameClarification: the signer prints their name, required then (ZSignInkRequest). */
  askClarifiedName: boolean;
  defaultClarifiedName?: string;
  /** Resolves when signed; rejects when it failed (the caller has told the person why). */
  onSubmit: (signature: SignatureSubmission, clarifiedName: string | undefined) => Promise<void>;
  onCancel: () => void;
  createPad?: CreateInkPad;
}

type Mode = 'draw' | 'type';

/**
 * Issue 8 part 6: the ink signature of one slot, drawn with a finger or mouse on signature_pad, or typed (the pad
 * takes no keyboard, so whoever cannot draw types their name instead). Fills a phone's screen (room to write), with
 * Undo and Clear; Sign stays off until something is drawn or typed (and the name given).
 */
export function InkSignDialog(props: InkSignDialogProps) {
  const { slotLabel, askClarifiedName, defaultClarifiedName, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const createPad = props.createPad ?? createSignaturePad;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<InkPad | null>(null);
  const [strokeCount, setStrokeCount] = useState(0);
  const [clarifiedName, setClarifiedName] = useState(defaultClarifiedName ?? '');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [padFailed, setPadFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('draw');
  const [typedName, setTypedName] = useState('');
  const hintId = useId();
  const tabsId = useId();
  const tabId = (tab: Mode) => `${tabsId}-${tab}-tab`;
  const panelId = (tab: Mode) => `${tabsId}-${tab}-panel`;

  // The dialog's paper mounts with a transition: the pad is made once the canvas exists and has its size.
  const attachCanvas = (canvas: HTMLCanvasElement | null) => {
    canvasRef.current = canvas;
  };
  useEffect(() => {
    let isCancelled = false;
    let made: InkPad | null = null;
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      createPad(canvas)
        .then((pad) => {
          if (isCancelled) return pad.off();
          made = pad;
          padRef.current = pad;
          pad.onStrokeEnd(() => setStrokeCount(pad.toData().length));
        })
        .catch(() => !isCancelled && setPadFailed(true));
    });
    return () => {
      isCancelled = true;
      cancelAnimationFrame(frame);
      made?.off();
      padRef.current = null;
    };
  }, [createPad]);

  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const groups = withoutLastStroke(pad.toData());
    pad.fromData(groups);
    setStrokeCount(groups.length);
  };
  const clear = () => {
    padRef.current?.clear();
    setStrokeCount(0);
  };
  const trimmedName = clarifiedName.trim();
  const typed = typedSignatureOf(typedName);
  const hasSignature = mode === 'draw' ? strokeCount > 0 : typed !== null;
  const canSign = hasSignature && (!askClarifiedName || trimmedName !== '') && !isSubmitting;
  /** The drawing as the call takes it, read off the pad now. */
  const drawn = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return null;
    return inkSubmissionOf(pad.toData(), { width: canvas.offsetWidth || 1, height: canvas.offsetHeight || 1 });
  };
  const submit = async () => {
    if (!canSign) return;
    const signature = mode === 'type' && typed !== null ? { TypedSignature: typed } : drawn();
    if (!signature) return;
    setIsSubmitting(true);
    try {
      await onSubmit(signature, askClarifiedName ? trimmedName : undefined);
    } catch {
      // The caller told the person; the drawing stays for another try.
      setIsSubmitting(false);
    }
  };

  return (
    <AppDialog
      title={t('recipientDocument.ink.title', { label: slotLabel })}
      onClose={isSubmitting ? undefined : onCancel}
      isFullScreenOnPhone
      actions={
        <>
          <Button color="inherit" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={!canSign}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isSubmitting ? t('recipientDocument.ink.signing') : t('recipientDocument.ink.sign')}
          </Button>
        </>
      }
    >
      <Tabs
        value={mode}
        onChange={(_, next: Mode) => setMode(next)}
        aria-label={t('recipientDocument.typedSignature.tabsLabel')}
        variant="fullWidth"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {(['draw', 'type'] as const).map((tab) => (
          <Tab
            key={tab}
            value={tab}
            id={tabId(tab)}
            aria-controls={panelId(tab)}
            label={t(`recipientDocument.typedSignature.${tab}Tab`)}
            disabled={isSubmitting}
          />
        ))}
      </Tabs>
      {/* Both panels stay mounted: the pad keeps its strokes, and the typed name, while the other is shown. */}
      <Box role="tabpanel" id={panelId('type')} aria-labelledby={tabId('type')} hidden={mode !== 'type'}>
        <TypedSignatureField value={typedName} onChange={setTypedName} disabled={isSubmitting} />
      </Box>
      <Box role="tabpanel" id={panelId('draw')} aria-labelledby={tabId('draw')} hidden={mode !== 'draw'}>
        <Typography id={hintId} color="text.secondary" sx={{ mb: 1.5 }}>
          {t('recipientDocument.ink.hint')}
        </Typography>
        <Box
          sx={{
            position: 'relative',
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'common.white',
            height: { xs: 200, sm: 220 },
          }}
        >
          <canvas
            ref={attachCanvas}
            role="img"
            aria-label={t('recipientDocument.ink.padLabel')}
            aria-describedby={hintId}
            data-testid="ink-pad"
            style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none', cursor: 'crosshair' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: 16,
              right: 16,
              bottom: 40,
              borderBottom: '1px solid',
              borderColor: 'grey.400',
              pointerEvents: 'none',
            }}
          />
        </Box>
        {padFailed && (
          <Typography role="alert" color="error" sx={{ mt: 1 }}>
            {t('recipientDocument.ink.padFailed')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={undo} disabled={strokeCount === 0 || isSubmitting}>
            {t('recipientDocument.ink.undo')}
          </Button>
          <Button size="small" onClick={clear} disabled={strokeCount === 0 || isSubmitting}>
            {t('recipientDocument.ink.clear')}
          </Button>
        </Box>
      </Box>
      {askClarifiedName && (
        <TextField
          label={t('recipientDocument.ink.clarifiedName')}
          helperText={t('recipientDocument.ink.clarifiedNameHelp')}
          value={clarifiedName}
          onChange={(event) => setClarifiedName(event.target.value)}
          required
          fullWidth
          disabled={isSubmitting}
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ mt: 2 }}
        />
      )}
    </AppDialog>
  );
}
