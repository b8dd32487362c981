import '@fontsource/caveat/400.css';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { typedSignatureMaxChars, ZTypedSignature } from '@signlink/contracts/links/sign-ink';
import { useTranslation } from 'react-i18next';

/** The typed name as the sign call takes it, or null while it is empty or holds what the server would refuse. */
export function typedSignatureOf(text: string): string | null {
  const parsed = ZTypedSignature.safeParse(text);
  return parsed.success ? parsed.data : null;
}

export interface TypedSignatureFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/**
 * A signature typed instead of drawn, for whoever cannot draw one (keyboard, switch and screen-reader users): the
 * name, previewed in Caveat, the handwriting font the sealed PDF stamps it in (packages/pdf handwriting-font.ts).
 */
export function TypedSignatureField({ value, onChange, disabled }: TypedSignatureFieldProps) {
  const { t } = useTranslation();
  const isInvalid = value.trim() !== '' && typedSignatureOf(value) === null;
  return (
    <>
      <TextField
        label={t('recipientDocument.typedSignature.field')}
        helperText={t(isInvalid ? 'recipientDocument.typedSignature.invalid' : 'recipientDocument.typedSignature.help')}
        error={isInvalid}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        fullWidth
        disabled={disabled}
        autoComplete="name"
        slotProps={{ htmlInput: { maxLength: typedSignatureMaxChars, spellCheck: false } }}
      />
      {/* What the stamp will look like; the field above already says it to a screen reader. */}
      <Box
        aria-hidden
        data-testid="typed-signature-preview"
        sx={{
          mt: 1.5,
          px: 2,
          borderBottom: '1px solid',
          borderColor: 'grey.400',
          bgcolor: 'common.white',
          color: '#0b2a6f',
          fontFamily: '"Caveat", cursive',
          fontSize: { xs: 36, sm: 44 },
          lineHeight: 1.3,
          minHeight: { xs: 60, sm: 72 },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          textAlign: 'center',
        }}
      >
        {value.trim()}
      </Box>
    </>
  );
}
