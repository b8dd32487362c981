import { IdVerificationError } from '@signlink/providers/id-verification/id-verification.port';
import { AppError } from '../../errors.ts';
import type { IdScanDeps } from './id-scan-access.ts';
import { findIdScanOfCheck } from './id-scans.repository.ts';
import { settleIdScan } from './settle-id-scan.ts';

/**
 * The vendor's webhook: its signature over the raw bytes is checked before anything is read (a forged one changes
 * nothing); a completed check's scan is settled with the check as the vendor reports it when asked, never with the
 * event's body alone. Events about other resources, or checks we do not know, are acknowledged and ignored.
 */
export async function receiveIdScanWebhook(
  deps: IdScanDeps,
  input: { rawBody: Uint8Array; signature: string | undefined },
): Promise<void> {
  if (!deps.provider) throw new AppError('WEBHOOK_SIGNATURE_INVALID', { details: { reason: 'no-id-verification' } });
  const provider = deps.provider;
  let event: ReturnType<typeof provider.readWebhook>;
  try {
    event = provider.readWebhook(input);
  } catch (error) {
    if (error instanceof IdVerificationError && error.kind !== 'forged') throw error;
    deps.logger.warn({ vendor: provider.vendor }, 'ID scan webhook with a bad signature refused');
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', { cause: error });
  }
  if (!event.checkId || event.resourceType !== 'check') return;
  const scan = await findIdScanOfCheck(deps.db, provider.vendor, event.checkId);
  if (scan?.status !== 'checking') return;
  const checkId = event.checkId;
  // Not read: a 500, so the vendor sends the event again (and the state poll may settle it first).
  const outcome = await provider.readCheck({ checkId });
  if (outcome.status !== 'complete') return;
  await settleIdScan(deps, { scan, check: outcome });
}
