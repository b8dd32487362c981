import { timings } from '@signlink/contracts/constants';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { LinkDetails } from '@signlink/contracts/links/link-details';

/**
 * The recipient gate of SPEC section 4 as a framework-free machine: it loads the link's details (retrying a 408),
 * walks the gate order (consent, old browser, BankID, SMS, e-mail, or straight in) and owns the timers, publishing
 * immutable snapshots that React only renders. The access dialogs do their own calls and hand the access data here.
 */

export type GatePhase =
  | 'details'
  | 'failed'
  | 'publicLink'
  | 'consent'
  | 'consentDeclined'
  | 'oldBrowser'
  | 'bankid'
  | 'sms'
  | 'email'
  | 'access'
  | 'open'
  | 'closed';

/** The identity check a link asks for, in SPEC section 4's order of precedence. */
export type AccessGate = 'bankid' | 'sms' | 'email' | 'none';

/** Why the page cannot go on: each is a message of the error catalogue (recipient-failure.ts). */
export type LinkFailure = 'incorrect' | 'recalled' | 'withdrawn' | 'accessFailed';

/** SPEC section 4's old-browser dialog: fetching the plain PDF's address, offering it, downloaded, failed. */
export type DownloadState = 'loading' | 'start' | 'done' | 'error';

export interface GateState {
  phase: GatePhase;
  details?: LinkDetails;
  /** The consent dialog shows timings.consentDialogDelayMs after its phase begins. */
  isConsentOpen: boolean;
  hasAcceptedConsent: boolean;
  /** Set when access data arrive; an access dialog shows "done" until it closes and the phase becomes 'open'. */
  access?: LinkAccessResponse;
  failure?: LinkFailure;
  requestId?: string | null;
  download: DownloadState;
  downloadUrl?: string;
  /** Link details calls answered 408 so far (timings.linkDetailsTimeoutRetries more are made). */
  timeouts: number;
}

/** A failed call as the API client rejects it (ApiError); only these fields matter here. */
export interface GateCallError {
  status: number;
  code?: string | null;
  requestId?: string | null;
}

export interface GateApi {
  loadDetails(): Promise<LinkDetails>;
  /** `links/{id}/access` with no key, for a link without a gate. */
  openAccess(): Promise<LinkAccessResponse>;
  /** The plain PDF's address for the old-browser dialog. */
  downloadUrl(): Promise<string>;
  /**
   * The access this tab earned at the gate before a reload, while its RequestToken lives and the server still
   * takes it; null when there is none, and the gate is asked again.
   */
  resumeAccess?(): Promise<LinkAccessResponse | null>;
}

export interface GateScheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface GateMachineOptions {
  api: GateApi;
  isInternetExplorer: boolean;
  /** Defaults to the global timers, which vi.useFakeTimers replaces. */
  scheduler?: GateScheduler;
}

export function accessGateOf(details: LinkDetails): AccessGate {
  if (details.RequireBankID) return 'bankid';
  if (details.RequireSMS) return 'sms';
  if (details.RequireEmail) return 'email';
  return 'none';
}

/** SPEC section 4's link failure: 410 is recalled (or the withdrawn document's own message), anything else incorrect. */
export function linkFailureOf(error: GateCallError, fallback: LinkFailure = 'incorrect'): LinkFailure {
  if (error.code === 'DOCUMENT_WITHDRAWN') return 'withdrawn';
  if (error.status === 410 || error.code === 'LINK_RECALLED') return 'recalled';
  if (error.code === 'INVALID_LINK') return 'incorrect';
  return fallback;
}

/** Internet Explorer up to 11 (Trident); SPEC section 4 gives it only the old-browser warning. */
export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

const globalScheduler: GateScheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function asCallError(error: unknown): GateCallError {
  const fields = error && typeof error === 'object' ? (error as Partial<GateCallError>) : {};
  return {
    status: typeof fields.status === 'number' ? fields.status : 0,
    code: fields.code,
    requestId: fields.requestId,
  };
}

export class GateMachine {
  private state: GateState = {
    phase: 'details',
    isConsentOpen: false,
    hasAcceptedConsent: false,
    download: 'start',
    timeouts: 0,
  };
  private readonly listeners = new Set<() => void>();
  private readonly api: GateApi;
  private readonly isIe: boolean;
  private readonly scheduler: GateScheduler;
  private timer: unknown;
  /** Bumped by every phase change that drops pending work, so late answers of an earlier one are ignored. */
  private generation = 0;
  private isDisposed = false;

  constructor({ api, isInternetExplorer: isIe, scheduler = globalScheduler }: GateMachineOptions) {
    this.api = api;
    this.isIe = isIe;
    this.scheduler = scheduler;
  }

  getState = (): GateState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads the link's details; SPEC section 4: a 408 is tried again after a second, up to five times. */
  start(): Promise<void> {
    return this.loadDetails(++this.generation);
  }

  /** The consent message was accepted (SPEC section 4): the same order then goes on. */
  acceptConsent(): void {
    if (this.state.phase !== 'consent') return;
    this.patch({ hasAcceptedConsent: true, isConsentOpen: false });
    this.enterGate();
  }

  /** Declined: a page says they must accept to continue, with a way back to the message. */
  declineConsent(): void {
    if (this.state.phase !== 'consent') return;
    this.generation++;
    this.stopTimer();
    this.patch({ phase: 'consentDeclined', isConsentOpen: false });
  }

  /** Back from the declined page: the message again, at once (the person asked for it). */
  reviewConsent(): void {
    if (this.state.phase !== 'consentDeclined') return;
    this.patch({ phase: 'consent', isConsentOpen: true });
  }

  /**
   * An access dialog got the access data: the gate is done. The dialog shows "done" and closes
   * timings.accessDialogCloseDelayMs later (SPEC section 4); without a dialog the document opens at once.
   */
  grantAccess(access: LinkAccessResponse): void {
    const { phase } = this.state;
    if (phase !== 'bankid' && phase !== 'sms' && phase !== 'email') return;
    const generation = ++this.generation;
    this.stopTimer();
    this.patch({ access });
    this.timer = this.scheduler.setTimeout(() => {
      if (generation === this.generation) this.patch({ phase: 'open' });
    }, timings.accessDialogCloseDelayMs);
  }

  /** The RequestToken ran out while the document was open: through the gate again (consent stays accepted). */
  accessExpired(): void {
    if (this.state.phase !== 'open') return;
    this.patch({ access: undefined });
    this.enterGate();
  }

  /** Starting a public link's visit failed as opening a link can: recalled (a disabled link) or unknown. */
  failVisit(caught: unknown): void {
    if (this.state.phase !== 'publicLink') return;
    const error = asCallError(caught);
    this.patch({ phase: 'failed', failure: linkFailureOf(error), requestId: error.requestId ?? null });
  }

  /** The document was unloaded or the person pressed close: "you can now close this window". */
  close(): void {
    this.generation++;
    this.stopTimer();
    this.patch({ phase: 'closed' });
  }

  dispose(): void {
    this.generation++;
    this.stopTimer();
    this.isDisposed = true;
    this.listeners.clear();
  }

  private async loadDetails(generation: number): Promise<void> {
    let details: LinkDetails;
    try {
      details = await this.api.loadDetails();
    } catch (caught) {
      if (generation !== this.generation) return;
      const error = asCallError(caught);
      if (error.status === 408 && this.state.timeouts < timings.linkDetailsTimeoutRetries) {
        this.patch({ timeouts: this.state.timeouts + 1 });
        this.timer = this.scheduler.setTimeout(() => {
          if (generation === this.generation) void this.loadDetails(generation);
        }, timings.linkDetailsRetryDelayMs);
        return;
      }
      this.patch({ phase: 'failed', failure: linkFailureOf(error), requestId: error.requestId ?? null });
      return;
    }
    if (generation !== this.generation) return;
    this.patch({ details });
    // A public link's code opens no document: the visitor starts a visit first, whose own link then passes the
    // consent and the gate (SPEC section 4) as any link does.
    if (details.PublicLink) this.patch({ phase: 'publicLink' });
    else if (details.OwnerData.ConsentMessage) this.enterConsent();
    else this.enterGate();
  }

  private enterConsent(): void {
    const generation = ++this.generation;
    this.patch({ phase: 'consent', isConsentOpen: false });
    this.timer = this.scheduler.setTimeout(() => {
      if (generation === this.generation) this.patch({ isConsentOpen: true });
    }, timings.consentDialogDelayMs);
  }

  /** SPEC section 4's order after consent: old browser, else BankID, SMS, e-mail, else straight in. */
  private enterGate(): void {
    const details = this.state.details;
    if (!details) return;
    const generation = ++this.generation;
    this.stopTimer();
    const gate = accessGateOf(details);
    if (this.isIe) {
      // The plain PDF needs access, and no identity check runs in that browser: only a link without a gate offers it.
      const offersDownload = details.AllowAlternativeDownload && gate === 'none';
      this.patch({ phase: 'oldBrowser', download: offersDownload ? 'loading' : 'start' });
      if (offersDownload) void this.fetchDownloadUrl(generation);
      return;
    }
    if (gate !== 'none' && this.api.resumeAccess) {
      this.patch({ phase: 'access' });
      void this.resumeOrAsk(generation, gate);
      return;
    }
    if (gate !== 'none') {
      this.patch({ phase: gate });
      return;
    }
    this.patch({ phase: 'access' });
    void this.openDirectly(generation);
  }

  /** A reload within the RequestToken's life goes straight back to the document; otherwise the gate asks. */
  private async resumeOrAsk(generation: number, gate: Exclude<AccessGate, 'none'>): Promise<void> {
    const access = await this.api.resumeAccess?.().catch(() => null);
    if (generation !== this.generation) return;
    this.patch(access ? { phase: 'open', access } : { phase: gate });
  }

  private async openDirectly(generation: number): Promise<void> {
    try {
      const access = await this.api.openAccess();
      if (generation === this.generation) this.patch({ phase: 'open', access });
    } catch (caught) {
      if (generation !== this.generation) return;
      const error = asCallError(caught);
      this.patch({
        phase: 'failed',
        failure: linkFailureOf(error, 'accessFailed'),
        requestId: error.requestId ?? null,
      });
    }
  }

  /** The old-browser dialog's download: the address first ('loading'), then offered ('start'). */
  private async fetchDownloadUrl(generation: number): Promise<void> {
    try {
      const downloadUrl = await this.api.downloadUrl();
      if (generation === this.generation) this.patch({ download: 'start', downloadUrl });
    } catch {
      if (generation === this.generation) this.patch({ download: 'error' });
    }
  }

  /** The person followed the download link. */
  downloadStarted(): void {
    if (this.state.phase === 'oldBrowser' && this.state.downloadUrl) this.patch({ download: 'done' });
  }

  private stopTimer(): void {
    this.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private patch(changes: Partial<GateState>): void {
    if (this.isDisposed) return;
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}
