import type {
  BankIdIdentity,
  BankIdPurpose,
  BankIdRefreshResponse,
  StartBankIdResponse,
  ValidateBankIdResponse,
} from '@signlink/contracts/bankid/bankid-orders';
import type { ValidateOrgNumberResponse } from '@signlink/contracts/bankid/org-number-bankid';
import { timings } from '@signlink/contracts/constants';

/**
 * The BankID dialog of SPEC section 4 as a framework-free machine: it owns the order's calls and timers and
 * publishes immutable snapshots, so React only renders them (useSyncExternalStore) and tests drive it with fake timers.
 */

export type BankIdStep = 'loading' | 'start' | 'verify' | 'qrVerify';
export type BankIdSubState = 'notStarted' | 'started' | 'awaitingUser' | 'awaitingBankId' | 'cancelled' | 'done';
export type BankIdDevice = 'desktop' | 'phone' | 'ipad';
/** `mobileBankId` and `otherDevice` both show the QR code; they differ only in how the choice is worded. */
export type BankIdOption = 'mobileBankId' | 'thisDevice' | 'otherDevice';
/**
 * Besides login and registration, the organisation-number check of the add-company wizard (SPEC section 5), and a
 * recipient's BankID gate (issue 8), whose calls are the link's (the dialog's `api`).
 */
export type BankIdDialogPurpose = BankIdPurpose | 'org-validation' | 'link-access';
/**
 * couldNotStart: the start failed after its retry. actionCancelled: an access failure (SPEC section 8). The last two
 * are the organisation-number check's: the registry does not list the person, or could not answer.
 */
export type BankIdError =
  | 'couldNotStart'
  | 'actionCancelled'
  | 'personTooYoung'
  | 'orgNumberVerificationFailed'
  | 'companyLookupFailed';

/** The server's answer to a completed order: a login's or registration's, or the organisation check's (Company). */
export type BankIdValidation = ValidateBankIdResponse & Pick<ValidateOrgNumberResponse, 'Company'>;

/** The person BankID confirmed, as the server answers it. */
export type BankIdUser = BankIdIdentity;

export interface BankIdState {
  step: BankIdStep;
  subState: BankIdSubState;
  options: readonly BankIdOption[];
  option?: BankIdOption;
  clientAccessKey?: string;
  autoStartUrl?: string;
  /** This second's QR payload; it changes every second while the order waits. */
  qrCodeData?: string;
  /** BankID's last hint; when the order failed, why (userCancel, expiredTransaction…). */
  hintCode?: string;
  /** SPEC section 4: the cancel button appears only after timings.bankIdCancelButtonDelayMs. */
  canCancel: boolean;
  error?: BankIdError;
  user?: BankIdUser;
  /** The whole validate answer once done: for a login, the session (Auth) or the proof for a sign-up. */
  result?: BankIdValidation;
}

/** The four order calls (use-bankid-api.ts); each rejects on failure, with an error whose `code` may be a catalogue code. */
export interface BankIdApi {
  start(body: { Purpose: BankIdDialogPurpose; ReplacesClientAccessKey?: string }): Promise<StartBankIdResponse>;
  refresh(clientAccessKey: string): Promise<BankIdRefreshResponse>;
  validate(clientAccessKey: string): Promise<BankIdValidation>;
  cancel(clientAccessKey: string): Promise<void>;
}

export interface BankIdScheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BankIdMachineOptions {
  api: BankIdApi;
  purpose: BankIdDialogPurpose;
  device: BankIdDevice;
  /** Defaults to the global timers, which vi.useFakeTimers replaces. */
  scheduler?: BankIdScheduler;
}

/** SPEC section 4: desktop offers mobile BankID (QR) or this device, phones this or another device, iPad both. */
export function optionsForDevice(device: BankIdDevice): readonly BankIdOption[] {
  switch (device) {
    case 'desktop':
      return ['mobileBankId', 'thisDevice'];
    case 'phone':
      return ['thisDevice', 'otherDevice'];
    case 'ipad':
      return ['thisDevice', 'mobileBankId'];
  }
}

/** BankID's pending hint codes (RP API v6 collect): undefined for one we do not know, which keeps the sub-state. */
export function subStateForHint(hintCode: string | undefined): 'awaitingUser' | 'awaitingBankId' | undefined {
  switch (hintCode) {
    case 'outstandingTransaction':
    case 'noClient':
      return 'awaitingUser';
    case 'started':
    case 'userSign':
    case 'userMrtd':
    case 'userCallConfirm':
      return 'awaitingBankId';
    default:
      return undefined;
  }
}

const globalScheduler: BankIdScheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function errorCodeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

/** What a failed validation tells the person: the catalogue errors with a text of their own, else "action cancelled". */
function validationErrorOf(error: unknown): BankIdError {
  switch (errorCodeOf(error)) {
    case 'PERSON_TOO_YOUNG':
      return 'personTooYoung';
    case 'ORG_NUMBER_VERIFICATION_FAILED':
      return 'orgNumberVerificationFailed';
    case 'COMPANY_LOOKUP_FAILED':
      return 'companyLookupFailed';
    default:
      return 'actionCancelled';
  }
}

export class BankIdMachine {
  private state: BankIdState;
  private readonly listeners = new Set<() => void>();
  private readonly api: BankIdApi;
  private readonly purpose: BankIdDialogPurpose;
  private readonly scheduler: BankIdScheduler;
  /** SPEC section 4: a cancelled key's late answers are ignored. */
  private readonly cancelledKeys = new Set<string>();
  /** Bumped by every start, cancel and dispose, so an answer for an order the user has left is dropped. */
  private generation = 0;
  private refreshTimer: unknown;
  private cancelButtonTimer: unknown;
  private isRefreshing = false;
  private isDisposed = false;

  constructor({ api, purpose, device, scheduler = globalScheduler }: BankIdMachineOptions) {
    this.api = api;
    this.purpose = purpose;
    this.scheduler = scheduler;
    this.state = { step: 'start', subState: 'notStarted', options: optionsForDevice(device), canCancel: false };
  }

  getState = (): BankIdState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isCancelled(clientAccessKey: string): boolean {
    return this.cancelledKeys.has(clientAccessKey);
  }

  /** Starts an order for the chosen option; a failing start is tried timings.bankIdStartRetries more times. */
  async choose(option: BankIdOption): Promise<void> {
    const replaces = this.state.clientAccessKey;
    if (replaces && this.isActive()) this.cancelKey(replaces);
    this.stopTimers();
    const generation = ++this.generation;
    this.set({ step: 'loading', subState: 'notStarted', options: this.state.options, option, canCancel: false });
    let order: StartBankIdResponse | undefined;
    for (let tryIndex = 0; tryIndex <= timings.bankIdStartRetries && !order; tryIndex++) {
      try {
        order = await this.api.start({ Purpose: this.purpose, ReplacesClientAccessKey: replaces });
      } catch {
        if (generation !== this.generation) return;
      }
    }
    if (generation !== this.generation) {
      // The user cancelled while the order started: BankID must not keep it waiting.
      if (order) this.cancelKey(order.ClientAccessKey);
      return;
    }
    if (!order) {
      this.set({
        step: 'start',
        subState: 'notStarted',
        options: this.state.options,
        canCancel: false,
        error: 'couldNotStart',
      });
      return;
    }
    this.set({
      step: option === 'thisDevice' ? 'verify' : 'qrVerify',
      subState: 'started',
      options: this.state.options,
      option,
      clientAccessKey: order.ClientAccessKey,
      autoStartUrl: order.AutoStartURL,
      qrCodeData: order.QrCodeData,
      canCancel: false,
    });
    this.cancelButtonTimer = this.scheduler.setTimeout(() => {
      if (generation === this.generation) this.patch({ canCancel: true });
    }, timings.bankIdCancelButtonDelayMs);
    this.scheduleRefresh(generation);
  }

  /** After "action cancelled": a new order with the same option, replacing the failed one. */
  restart(): Promise<void> {
    return this.choose(this.state.option ?? this.state.options[0] ?? 'mobileBankId');
  }

  /** Back to the choice of options, without an order. */
  backToStart(): void {
    this.cancel();
  }

  /** SPEC section 4: the key goes into the cancelled list and the server is told; back to the start options. */
  cancel(): void {
    const key = this.state.clientAccessKey;
    if (key && this.isActive()) this.cancelKey(key);
    this.generation++;
    this.stopTimers();
    const wasWaiting = this.state.step !== 'start';
    this.set({
      step: 'start',
      subState: wasWaiting ? 'cancelled' : this.state.subState,
      options: this.state.options,
      canCancel: false,
    });
  }

  /** SPEC section 4: returning to the page while awaiting the user checks the order at once (visibilitychange). */
  recheck(): void {
    const { subState, clientAccessKey } = this.state;
    if (!clientAccessKey || this.isRefreshing) return;
    if (subState !== 'started' && subState !== 'awaitingUser') return;
    this.scheduler.clearTimeout(this.refreshTimer);
    void this.refresh(this.generation, clientAccessKey);
  }

  /** Stops every timer; an order still waiting is cancelled, as the user has left the dialog. */
  dispose(): void {
    const key = this.state.clientAccessKey;
    if (key && this.isActive()) this.cancelKey(key);
    this.generation++;
    this.stopTimers();
    this.isDisposed = true;
    this.listeners.clear();
  }

  private isActive(): boolean {
    const { step, subState } = this.state;
    return (step === 'verify' || step === 'qrVerify') && subState !== 'done' && subState !== 'cancelled';
  }

  private cancelKey(key: string): void {
    if (this.cancelledKeys.has(key)) return;
    this.cancelledKeys.add(key);
    // Best effort: BankID expires a forgotten order by itself after a few minutes.
    this.api.cancel(key).catch(() => undefined);
  }

  private scheduleRefresh(generation: number): void {
    const key = this.state.clientAccessKey;
    if (!key) return;
    this.scheduler.clearTimeout(this.refreshTimer);
    // SPEC sections 4 and 9: the QR code is refreshed every second; the next call waits for this one's answer.
    this.refreshTimer = this.scheduler.setTimeout(() => void this.refresh(generation, key), timings.bankIdQrRefreshMs);
  }

  private isCurrent(generation: number, key: string): boolean {
    return (
      !this.isDisposed &&
      generation === this.generation &&
      !this.cancelledKeys.has(key) &&
      this.state.clientAccessKey === key
    );
  }

  private async refresh(generation: number, key: string): Promise<void> {
    this.isRefreshing = true;
    let answer: BankIdRefreshResponse;
    try {
      answer = await this.api.refresh(key);
    } catch {
      if (this.isCurrent(generation, key)) this.fail();
      return;
    } finally {
      this.isRefreshing = false;
    }
    if (!this.isCurrent(generation, key)) return;
    if (answer.Status === 'complete') {
      await this.validate(generation, key);
      return;
    }
    if (answer.Status !== 'pending') {
      this.fail(answer.HintCode);
      return;
    }
    this.patch({
      subState: subStateForHint(answer.HintCode) ?? this.state.subState,
      hintCode: answer.HintCode,
      qrCodeData: answer.QrCodeData ?? this.state.qrCodeData,
    });
    this.scheduleRefresh(generation);
  }

  private async validate(generation: number, key: string): Promise<void> {
    let answer: BankIdValidation;
    try {
      answer = await this.api.validate(key);
    } catch (error) {
      if (!this.isCurrent(generation, key)) return;
      this.fail(undefined, validationErrorOf(error));
      return;
    }
    if (!this.isCurrent(generation, key)) return;
    if (answer.Status !== 'complete' || !answer.User) {
      this.fail();
      return;
    }
    this.stopTimers();
    this.patch({ subState: 'done', user: answer.User, result: answer, canCancel: false });
  }

  /** SPEC section 4: an access failure gives "action cancelled" and the option to restart. */
  private fail(hintCode?: string, error: BankIdError = 'actionCancelled'): void {
    this.stopTimers();
    this.patch({ subState: 'cancelled', error, hintCode: hintCode ?? this.state.hintCode, canCancel: false });
  }

  private stopTimers(): void {
    this.scheduler.clearTimeout(this.refreshTimer);
    this.scheduler.clearTimeout(this.cancelButtonTimer);
    this.refreshTimer = undefined;
    this.cancelButtonTimer = undefined;
  }

  private patch(changes: Partial<BankIdState>): void {
    this.set({ ...this.state, ...changes });
  }

  private set(next: BankIdState): void {
    if (this.isDisposed) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
