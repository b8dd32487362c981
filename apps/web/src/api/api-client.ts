import { timings } from '@signlink/contracts/constants';
import {
  fillPath,
  type RouteAnswer,
  type RouteContract,
  type RouteInput,
} from '@signlink/contracts/http/route-contract';
import { ApiError, apiErrorFromResponse, isRetryable, networkError } from './api-error.ts';
import type { AuthStore } from './auth-store.ts';

/** The web app's OAuth client id, sent as basic credentials on calls made without a user (SPEC section 7). */
export const webClientId = 'signlink-web';

/** How the client tells the user about a failure; the React side implements it with the shared dialogs. */
export interface ApiDialogs {
  /** Resolves true when the user chooses "try again". */
  askRetry(error: ApiError): Promise<boolean>;
  showError(error: ApiError): void;
  showLoggedOut(): void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  query?: Record<string, QueryValue>;
  /** 'user' (default) sends the bearer token when logged in; 'client' always sends the web client's credentials. */
  auth?: 'user' | 'client';
  /** The caller handles failures itself: no dialog opens (a 401 still logs out). */
  silent?: boolean;
  /** After the last try fails, ask the user whether to try again instead of only reporting the error. */
  tryAgain?: boolean;
  /**
   * How many more times a failing call is sent; SPEC section 9's timings.apiExtraTries by default. 0 for a call that
   * must not be repeated blindly, such as a BankID start: each one begins a new order at BankID.
   */
  extraTries?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Resolve with the successful Response itself, body unread: file downloads want a Blob and their headers. */
  raw?: boolean;
}

export interface ApiRequest extends ApiRequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the API base, as SPEC section 7 lists them: `linktinker/links/ABC`. */
  path: string;
  /** JSON-encoded unless it is FormData, a Blob or bytes (uploads). */
  body?: unknown;
}

/** `api(contract)` when the contract needs no input, `api(contract, input)` when it does. */
export type ApiArgs<Contract extends RouteContract> =
  Record<never, never> extends RouteInput<Contract>
    ? [input?: RouteInput<Contract>, options?: ApiRequestOptions]
    : [input: RouteInput<Contract>, options?: ApiRequestOptions];

/** A file route answers its Response, body unread; the others their JSON, typed by the contract. */
export type ApiAnswer<Contract extends RouteContract> = Contract['file'] extends true
  ? Response
  : RouteAnswer<Contract>;

export interface ApiClient {
  /** Calls a route by its contract: the path, parameters and answer's type all follow from it. */
  api<Contract extends RouteContract>(contract: Contract, ...args: ApiArgs<Contract>): Promise<ApiAnswer<Contract>>;
  /** The call itself, by path: for the client's own rules and tests. Screens call `api(contract)`. */
  request<T>(request: ApiRequest): Promise<T>;
  /** Absolute, ending in `/v2/`: the site's own files (`/maintenance.json`) are found beside it. */
  readonly baseUrl: string;
  /**
   * Calls `listener` whenever a call is refused for maintenance (503 MAINTENANCE): the app then shows the
   * maintenance page instead of an error dialog (SPEC section 4). Returns what stops listening.
   */
  onMaintenance(listener: (error: ApiError) => void): () => void;
}

export interface ApiClientOptions {
  /** Absolute, ending in `/v2/`; see apiBaseUrl. */
  baseUrl: string;
  authStore: AuthStore;
  dialogs: ApiDialogs;
  getLanguage?: () => string;
  fetch?: typeof fetch;
  /** Pause before the extra try, so a brief network blip can pass. */
  retryDelayMs?: number;
  clientId?: string;
}

/** SPEC section 7: every call goes to /v2/ at the brand host, which is the page's own origin. */
export function apiBaseUrl(origin: string): string {
  return new URL('/v2/', origin).href;
}

export function basicAuthorization(clientId: string): string {
  return `Basic ${btoa(`${clientId}:`)}`;
}

/** SPEC section 7's rules, implemented once: credentials, one extra try, retry and error dialogs, logout on 401. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { authStore, dialogs } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryDelayMs = options.retryDelayMs ?? 300;
  const clientAuthorization = basicAuthorization(options.clientId ?? webClientId);
  const maintenanceListeners = new Set<(error: ApiError) => void>();

  async function send(request: ApiRequest, token: string | null): Promise<Response> {
    const url = new URL(request.path.replace(/^\/+/, ''), options.baseUrl);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ Accept: 'application/json', ...request.headers });
    headers.set('Authorization', token ? `Bearer ${token}` : clientAuthorization);
    const language = options.getLanguage?.();
    if (language) headers.set('Accept-Language', language);
    let body: BodyInit | undefined;
    if (request.body instanceof FormData || request.body instanceof Blob) {
      body = request.body;
    } else if (request.body instanceof Uint8Array) {
      body = request.body as Uint8Array<ArrayBuffer>;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    return fetchImpl(url, { method: request.method, headers, body, signal: request.signal });
  }

  /** One call with its extra tries; resolves with the parsed body or rejects with the last ApiError. */
  async function attempt<T>(request: ApiRequest, token: string | null): Promise<T> {
    let lastError: ApiError | undefined;
    const extraTries = request.extraTries ?? timings.apiExtraTries;
    for (let tryIndex = 0; tryIndex <= extraTries; tryIndex++) {
      if (tryIndex > 0 && retryDelayMs > 0) await delay(retryDelayMs);
      let response: Response;
      try {
        response = await send(request, token);
      } catch (cause) {
        if (request.signal?.aborted) throw cause;
        lastError = networkError(cause);
        continue;
      }
      if (response.ok) return (request.raw ? response : await parseBody(response)) as T;
      lastError = await apiErrorFromResponse(response);
      // Maintenance lasts minutes at least: another try now only delays the page that says so.
      if (!isRetryable(lastError) || lastError.code === 'MAINTENANCE') break;
    }
    throw lastError;
  }

  function logOut(tokenUsed: string, error: ApiError, silent: boolean): void {
    // Concurrent calls may all get a 401; only the first, still holding the current token, logs out and tells.
    if (authStore.getToken() !== tokenUsed) return;
    authStore.clear();
    if (silent) return;
    error.shown = true;
    dialogs.showLoggedOut();
  }

  async function request<T>(request: ApiRequest): Promise<T> {
    for (;;) {
      const token = request.auth === 'client' ? null : authStore.getToken();
      try {
        return await attempt<T>(request, token);
      } catch (error) {
        if (!(error instanceof ApiError) || request.signal?.aborted) throw error;
        if (error.code === 'MAINTENANCE') {
          // The maintenance page replaces the screen, so no dialog on top of it, even for a silent call.
          error.shown = true;
          for (const listener of maintenanceListeners) listener(error);
          throw error;
        }
        if (error.status === 401 && token !== null) {
          logOut(token, error, request.silent === true);
          throw error;
        }
        if (request.silent) throw error;
        error.shown = true;
        if (request.tryAgain) {
          if (await dialogs.askRetry(error)) continue;
          throw error;
        }
        dialogs.showError(error);
        throw error;
      }
    }
  }

  async function api<Contract extends RouteContract>(
    contract: Contract,
    ...[input, options]: ApiArgs<Contract>
  ): Promise<ApiAnswer<Contract>> {
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    };
    const answer = await request<unknown>({
      ...options,
      method: contract.method,
      path: fillPath(contract.path, params),
      query: { ...(query as Record<string, QueryValue> | undefined), ...options?.query },
      body,
      raw: contract.file === true || options?.raw,
    });
    if (checksAnswers && !contract.file && !options?.raw) checkAnswer(contract, answer);
    return answer as ApiAnswer<Contract>;
  }

  function onMaintenance(listener: (error: ApiError) => void): () => void {
    maintenanceListeners.add(listener);
    return () => maintenanceListeners.delete(listener);
  }

  return {
    api,
    request,
    baseUrl: options.baseUrl,
    onMaintenance,
  };
}

/**
 * In development and tests every answer is parsed against its contract, so a server that drifts from the contract
 * fails a test instead of a screen; production trusts the server it came with and skips the work.
 */
const checksAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

export class ContractDriftError extends Error {
  constructor(contract: RouteContract, issues: unknown) {
    super(`${contract.method} ${contract.path} answered outside its contract: ${JSON.stringify(issues)}`);
    this.name = 'ContractDriftError';
  }
}

function checkAnswer(contract: RouteContract, answer: unknown): void {
  const [status, schema] = Object.entries(contract.responses)[0] ?? [];
  if (!schema) return;
  // A 204 has no body to check; the client turns it into undefined.
  if (status === '204' && answer === undefined) return;
  const checked = schema.safeParse(answer);
  if (!checked.success) throw new ContractDriftError(contract, checked.error.issues);
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
