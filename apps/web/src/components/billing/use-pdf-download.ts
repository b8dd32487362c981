import { useState } from 'react';
import { saveBlob } from '../../lib/save-blob.ts';

/**
 * Downloads one billing PDF (a receipt, an invoice) and saves it under the server's name, or `fallbackName`; the
 * row shows it busy while it runs and the refusal after.
 */
export function usePdfDownload(load: () => Promise<{ blob: Blob; fileName: string | null }>, fallbackName: string) {
  const [download, setDownload] = useState<{ isBusy: boolean; error?: unknown }>({ isBusy: false });
  const start = async () => {
    setDownload({ isBusy: true });
    try {
      const file = await load();
      saveBlob({ blob: file.blob, fileName: file.fileName ?? fallbackName });
      setDownload({ isBusy: false });
    } catch (error) {
      setDownload({ isBusy: false, error });
    }
  };
  return { ...download, start };
}
