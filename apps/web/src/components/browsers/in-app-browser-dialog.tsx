import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FocusEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { androidIntentUrl, type InAppBrowser } from '../../lib/in-app-browser.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';

export interface InAppBrowserDialogProps {
  browser: InAppBrowser;
  /** The page's own address, to open elsewhere. */
  href: string;
  onClose: () => void;
}

/**
 * SPEC section 8's "browser not supported (in-app browser)": which app the page is in, and the way out of it. On
 * Android an intent opens Chrome; iOS gives web pages no such way, so the person is told where the app's menu offers
 * it, and can copy the address. Dismissible: some things still work in there, and the person decides.
 */
export function InAppBrowserDialog({ browser, href, onClose }: InAppBrowserDialogProps) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const linkFieldId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setCopied(true);
    } catch {
      // No clipboard in this web view: the address stays selected in the field for the person to copy.
      (document.getElementById(linkFieldId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <AppDialog
      title={t('browsers.inApp.title')}
      onClose={onClose}
      actions={
        <Button color="inherit" onClick={onClose}>
          {t('browsers.inApp.stay')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('browsers.inApp.message', { app: browser.app })}</Typography>
        {browser.platform === 'android' ? (
          <Button variant="contained" href={androidIntentUrl(href)} sx={{ alignSelf: 'flex-start' }}>
            {t('browsers.inApp.openInBrowser')}
          </Button>
        ) : (
          <Typography color="text.secondary">
            {t(browser.platform === 'ios' ? 'browsers.inApp.iosSteps' : 'browsers.inApp.otherSteps')}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            id={linkFieldId}
            value={href}
            size="small"
            label={t('browsers.inApp.copyLink')}
            slotProps={{
              htmlInput: {
                readOnly: true,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
              },
            }}
            sx={{ flex: 1 }}
          />
          <Button variant={browser.platform === 'android' ? 'outlined' : 'contained'} onClick={() => void copy()}>
            {t('browsers.inApp.copyLink')}
          </Button>
        </Stack>
        <Typography role="status" color="success.main" sx={{ minHeight: '1.5em' }}>
          {isCopied ? t('browsers.inApp.copied') : ''}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
