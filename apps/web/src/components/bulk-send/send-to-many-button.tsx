import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkSendDialog } from './bulk-send-dialog.tsx';

/**
 * The templates screen's "Send to many" action for one template (issue 24, part 7): the button and the bulk-send
 * dialog it opens. `<SendToManyButton templateId={template.Id} templateName={template.Name} />`.
 */
export function SendToManyButton({
  templateId,
  templateName,
  ...buttonProps
}: { templateId: string; templateName: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} onClick={() => setIsOpen(true)}>
        {t('bulkSend.action')}
      </Button>
      {isOpen && (
        <BulkSendDialog templateId={templateId} templateName={templateName} onClose={() => setIsOpen(false)} />
      )}
    </>
  );
}
