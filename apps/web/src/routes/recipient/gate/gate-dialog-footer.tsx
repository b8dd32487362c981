import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/layout/language-switch.tsx';

const PrivacyDialog = lazy(() =>
  import('../../../components/cookie-consent/privacy-dialog.tsx').then((m) => ({ default: m.PrivacyDialog })),
);

export interface GateDialogFooterProps {
  ownerPrivacyUrl: string | null;
  companyName: string;
}

/**
 * The page header's privacy information and language, inside the gate's dialog: the dialog is modal (full screen on
 * a phone) and hides the header, and a recipient must be able to read the privacy terms and verify in their own
 * language before they give a phone number or an e-mail address.
 */
export function GateDialogFooter({ ownerPrivacyUrl, companyName }: GateDialogFooterProps) {
  const { t } = useTranslation();
  const [isPrivacyOpen, setIsPrivacyOpen] = useState(false);
  // Kept once opened, so that closing it plays the dialog's exit.
  const [hasOpenedPrivacy, setHasOpenedPrivacy] = useState(false);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mt: 3,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Button
        color="inherit"
        onClick={() => {
          setHasOpenedPrivacy(true);
          setIsPrivacyOpen(true);
        }}
      >
        {t('recipient.header.privacy')}
      </Button>
      <LanguageSwitch />
      {hasOpenedPrivacy && (
        <Suspense fallback={null}>
          <PrivacyDialog
            open={isPrivacyOpen}
            onClose={() => setIsPrivacyOpen(false)}
            ownerPrivacyUrl={ownerPrivacyUrl}
            companyName={companyName}
          />
        </Suspense>
      )}
    </Box>
  );
}
