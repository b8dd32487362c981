import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import {
  type IdScanEvidence,
  type IdScanSide,
  type IdScanState,
  idDocumentSides,
  type OfferedIdDocumentType,
} from '@signlink/contracts/id-scan/id-scan';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { IdScanApi, ScanPhoto } from './id-scan-api.ts';

export type IdScanStep =
  | { name: 'start' }
  | { name: 'consent' }
  | { name: 'declined' }
  | { name: 'documentType' }
  | { name: 'document'; side: IdScanSide }
  | { name: 'face' }
  | { name: 'check' }
  | { name: 'failed'; message: string }
  | { name: 'passed'; evidence: IdScanEvidence | null }
  /** Type 5: the scan passed, the drawn or typed signature follows. */
  | { name: 'ink' };

/** A driving licence is photographed once: the server refuses it (SCAN_WRONG_TYPE) and says why. */
export function sidesOf(type: OfferedIdDocumentType): readonly IdScanSide[] {
  return type === 'driving-licence' ? ['front'] : idDocumentSides[type];
}

interface UseIdScanInput {
  api: IdScanApi;
  signatureIndex: number;
  needsFace: boolean;
  /** The page's own handling: an expired session goes back through the gate. */
  onError: (error: unknown) => void;
}

/** The scan's steps and calls, from consent to a passed or failed check (id-scan.ts tells the flow). */
export function useIdScan({ api, signatureIndex, needsFace, onError }: UseIdScanInput) {
  const { t } = useTranslation();
  const [step, setStep] = useState<IdScanStep>({ name: 'start' });
  const [documentType, setDocumentType] = useState<OfferedIdDocumentType | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scanRef = useRef<IdScanState | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const goTo = useCallback((next: IdScanStep) => {
    setError(null);
    setStep(next);
  }, []);
  /** Says what failed beside the step; an expired session is the page's to handle. */
  const fail = useCallback(
    (caught: unknown) => {
      if (caught instanceof ApiError && caught.code === 'SESSION_EXPIRED') return onError(caught);
      if (caught instanceof ApiError && caught.code === 'UPLOAD_WRONG_TYPE') {
        return setError(t('idScan.photo.wrongType'));
      }
      setError(t(caught instanceof ApiError ? caught.messageKey : messageKeyOf('UNEXPECTED_ERROR')));
    },
    [onError, t],
  );
  /** One call at a time; the step's buttons wait for it. */
  const run = useCallback(
    async (call: () => Promise<void>) => {
      setIsBusy(true);
      setError(null);
      try {
        await call();
      } catch (caught) {
        if (isMounted.current) fail(caught);
      } finally {
        if (isMounted.current) setIsBusy(false);
      }
    },
    [fail],
  );

  const settle = useCallback(
    (state: IdScanState) => {
      scanRef.current = state;
      if (state.Status === 'passed') return goTo({ name: 'passed', evidence: state.Evidence });
      if (state.Status === 'failed' || state.Status === 'removed') {
        goTo({ name: 'failed', message: t(messageKeyOf(state.ErrorCode ?? 'SCAN_FAILED')) });
        return;
      }
      goTo({ name: 'check' });
    },
    [goTo, t],
  );
  const begin = async () => {
    scanRef.current = await api.start(signatureIndex);
    goTo({ name: 'documentType' });
  };
  const accept = () => run(begin);
  const apply = async (scanId: string) => settle(await api.apply(scanId));

  const choose = () => documentType && goTo({ name: 'document', side: sidesOf(documentType)[0] ?? 'front' });
  const addDocument = (photo: ScanPhoto) =>
    run(async () => {
      const scanId = scanRef.current?.IdScanId;
      if (!scanId || !documentType || step.name !== 'document') return;
      try {
        scanRef.current = await api.addDocumentImage({ scanId, documentType, side: step.side, photo });
      } catch (caught) {
        // The document itself is refused: another one is needed, not another photo.
        if (caught instanceof ApiError && caught.code === 'SCAN_WRONG_TYPE') {
          setStep({ name: 'documentType' });
          setDocumentType(null);
        }
        throw caught;
      }
      const sides = sidesOf(documentType);
      const next = sides[sides.indexOf(step.side) + 1];
      if (next) return goTo({ name: 'document', side: next });
      if (needsFace) return goTo({ name: 'face' });
      await apply(scanId);
    });
  const addFace = (photo: ScanPhoto) =>
    run(async () => {
      const scanId = scanRef.current?.IdScanId;
      if (!scanId) return;
      scanRef.current = await api.addFaceImage(scanId, photo);
      await apply(scanId);
    });
  /** Starts over from the document type: the old scan and its images go, consent stands. */
  const retry = () =>
    run(async () => {
      const scanId = scanRef.current?.IdScanId;
      scanRef.current = null;
      if (scanId) await api.remove(scanId).catch(() => undefined);
      setDocumentType(null);
      await begin();
    });
  /** Leaving before signing: the scan and its images go (best effort; the server also ends unused scans). */
  const discard = () => {
    const scanId = scanRef.current?.IdScanId;
    scanRef.current = null;
    if (scanId) void api.remove(scanId).catch(() => undefined);
  };

  return {
    step,
    goTo,
    isBusy,
    error,
    documentType,
    setDocumentType,
    scanId: () => scanRef.current?.IdScanId ?? null,
    accept,
    choose,
    addDocument,
    addFace,
    settle,
    retry,
    discard,
    fail,
  };
}
