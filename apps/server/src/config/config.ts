import path from 'node:path';
import { limits, type RateLimitName, rateLimits } from '@signlink/contracts/constants';
import { parseVatNumber } from '@signlink/contracts/validation/vat-number';
import { VIES_API_URL } from '@signlink/providers/vat/vies.adapter';
import { z } from 'zod';
import { estimateSecretBits, minimumSecretBits } from './secret-strength.ts';

/** Secrets that ship in the repository; production refuses them (issue 2, part 3). */
export const defaultSessionSecret = 'dev-only-session-secret-change-me-0000000000';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const ZRole = z.enum(['api', 'worker']);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** An announced maintenance item as JSON; wins over `<DATA_DIR>/maintenance.json` (README, maintenance windows). */
  MAINTENANCE_JSON: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ROLES: z
    .string()
    .default('api,worker')
    .transform((value) => value.split(',').map((role) => role.trim()))
    .pipe(z.array(ZRole).min(1)),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  SE_BRAND_HOSTS: z
    .string()
    .default('pdfblankett.localhost')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(defaultSessionSecret),
  SIMULATORS: booleanFromEnv.optional(),
  /** Tests only: webhooks may go to loopback receivers (never in production, where start-up refuses it). */
  WEBHOOKS_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  DEMO_ACCOUNT: booleanFromEnv.optional(),
  /** The OpenAPI document and its page at /v2/docs: on outside production, off in production unless asked for. */
  API_DOCS: booleanFromEnv.optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(limits.maxUploadMegabytes),
  JSON_BODY_LIMIT_KB: z.coerce.number().int().positive().max(10_240).default(1024),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('eu-north-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  SE_PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC + 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TWILIO_SMS_FROM: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /**
   * Sign & Pay (Stripe Connect): the signing secret of the Connect webhook endpoint, which gets connected accounts'
   * events; it may post to the same route as the platform's endpoint.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Connect webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Another Stripe API origin than api.stripe.com (a proxy, or a simulator run elsewhere). */
  STRIPE_API_URL: z.url().optional(),
  BANKID_API_URL: z.url().optional(),
  BANKID_PFX_FILE: z.string().min(1).optional(),
  BANKID_PASSPHRASE: z.string().optional(),
  BANKID_CA_FILE: z.string().min(1).optional(),
  COMPANY_REGISTRY_URL: z.url().optional(),
  COMPANY_REGISTRY_CLIENT_ID: z.string().min(1).optional(),
  COMPANY_REGISTRY_CLIENT_SECRET: z.string().min(1).optional(),
  /** Onfido's API token and webhook token (issue 27); without them, with simulators on, the Onfido simulator. */
  ONFIDO_API_TOKEN: z.string().min(1).optional(),
  ONFIDO_WEBHOOK_TOKEN: z.string().min(1).optional(),
  /** Onfido's regional API base, with its version (default the EU region's v3.6). */
  ONFIDO_API_URL: z.url().optional(),
  /** Days an ID scan's images are kept after its check ends (encrypted); 0, the default, deletes them at once. */
  ID_SCAN_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(90).optional(),
  /** 64 hex characters: the key of the ID-scan images at rest; derived from SESSION_SECRET when absent. */
  ID_SCAN_IMAGE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
  /** An OpenAI-compatible chat API for the assistant (issue 28); without it, the offline assistant. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /** With simulators on: the assistant's model is the OpenAI simulator, through the real adapter (for e2e runs). */
  LLM_SIMULATOR: booleanFromEnv.optional(),
  VAT_VALIDATION: z.enum(['vies', 'simulator', 'off']).optional(),
  VIES_URL: z.url().optional(),
  VIES_REQUESTER_VAT_NUMBER: z.string().min(1).optional(),
  TSA_URL: z.url().optional(),
  TSA_USERNAME: z.string().min(1).optional(),
  TSA_PASSWORD: z.string().optional(),
  SEAL_P12_FILE: z.string().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  SEAL_TRUST_FILE: z.string().min(1).optional(),
  RATE_LIMIT_CLIENT_SENDS: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_ANONYMOUS_SENDS: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_LINK_NEW_DESTINATIONS: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_CLIENT_LOOKUPS: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_CLIENT_LOGINS: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_PUBLIC_LINK_VISITS: z.coerce.number().int().min(1).optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
    .optional(),
});

export type Role = z.infer<typeof ZRole>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once into a frozen, typed configuration; start-up fails listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const simulators = e.SIMULATORS ?? !isProduction;
  // VIES needs no keys, so production checks VAT numbers against the real service unless told not to; elsewhere the
  // simulator, or nothing when simulators are off, so tests and benches never reach the EC by accident.
  const vatDriver =
    e.VAT_VALIDATION ?? (e.VIES_URL ? 'vies' : simulators ? 'simulator' : isProduction ? 'vies' : 'off');
  const viesRequester = e.VIES_REQUESTER_VAT_NUMBER ? parseVatNumber(e.VIES_REQUESTER_VAT_NUMBER) : undefined;
  const requester = viesRequester
    ? { requester: { countryCode: viesRequester.countryCode, vatNumber: viesRequester.number } }
    : {};
  const config = {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    /** Where the operator announces maintenance; read on each request, so an edit needs no restart. */
    maintenance: { file: path.join(dataDir, 'maintenance.json'), json: e.MAINTENANCE_JSON },
    roles: [...new Set(e.ROLES)],
    workerConcurrency: e.WORKER_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seBrandHosts: e.SE_BRAND_HOSTS,
    sessionSecret: e.SESSION_SECRET,
    simulators,
    webhooksAllowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
    /** The second brand's address for links in messages; by default the first SE brand host on PUBLIC_URL's scheme and port. */
    sePublicUrl: e.SE_PUBLIC_URL,
    demoAccount: e.DEMO_ACCOUNT ?? !isProduction,
    apiDocs: e.API_DOCS ?? !isProduction,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_KB * 1024,
    database: e.DATABASE_URL
      ? ({ driver: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ driver: 'pglite', dataDir: path.join(dataDir, 'db') } as const),
    storage: e.S3_BUCKET
      ? ({
          driver: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX,
        } as const)
      : ({ driver: 'local', root: path.join(dataDir, 'files') } as const),
    email: e.SMTP_URL
      ? ({ driver: 'smtp', url: e.SMTP_URL } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    textMessages: e.TWILIO_ACCOUNT_SID
      ? ({
          driver: 'twilio',
          apiUrl: e.TWILIO_API_URL,
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          smsFrom: e.TWILIO_SMS_FROM ?? '',
          whatsappFrom: e.TWILIO_WHATSAPP_FROM,
        } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    /** Card payments through Stripe (both keys), or the Stripe simulator; absent: nothing can be paid by card. */
    payments: e.STRIPE_SECRET_KEY
      ? ({
          driver: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          ...(e.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
          ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
        } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    /** BankID's Relying Party API over mutual TLS, or the simulator; absent: BankID orders are refused. */
    bankId: e.BANKID_API_URL
      ? ({
          driver: 'rp',
          apiUrl: e.BANKID_API_URL,
          pfxFile: e.BANKID_PFX_FILE ?? '',
          passphrase: e.BANKID_PASSPHRASE ?? '',
          caFile: e.BANKID_CA_FILE ?? '',
        } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    /** Roaring's company APIs (organisation-number checks), or the simulator; absent: such checks fail. */
    companyRegistry: e.COMPANY_REGISTRY_URL
      ? ({
          driver: 'roaring',
          apiUrl: e.COMPANY_REGISTRY_URL,
          clientId: e.COMPANY_REGISTRY_CLIENT_ID ?? '',
          clientSecret: e.COMPANY_REGISTRY_CLIENT_SECRET ?? '',
        } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    /** ID scans (issue 27) through Onfido's API v3.6 with the configured tokens, or the simulator; absent: refused. */
    idVerification: e.ONFIDO_API_TOKEN
      ? ({
          driver: 'onfido',
          apiToken: e.ONFIDO_API_TOKEN,
          webhookToken: e.ONFIDO_WEBHOOK_TOKEN ?? '',
          apiUrl: e.ONFIDO_API_URL ?? 'https://api.eu.onfido.com/v3.6',
        } as const)
      : simulators
        ? ({ driver: 'simulator' } as const)
        : undefined,
    /**
     * The assistant's model (issue 28): an OpenAI-compatible chat API (OpenAI, Azure OpenAI, Ollama, vLLM) at
     * LLM_BASE_URL, or the offline assistant, which answers from the document's own text by retrieval.
     */
    assistant: e.LLM_BASE_URL
      ? ({
          driver: 'openai-compatible',
          baseUrl: e.LLM_BASE_URL,
          apiKey: e.LLM_API_KEY ?? '',
          model: e.LLM_MODEL ?? 'gpt-4o-mini',
        } as const)
      : ({ driver: 'offline' } as const),
    /** The OpenAI simulator on loopback stands in for the model (LLM_SIMULATOR, with simulators on only). */
    llmSimulator: simulators && (e.LLM_SIMULATOR ?? false),
    idScanImages: {
      retentionDays: e.ID_SCAN_IMAGE_RETENTION_DAYS ?? 0,
      key: e.ID_SCAN_IMAGE_KEY,
    },
    /** VAT numbers checked against VIES (the EC's, or VIES_URL), or the simulator; absent: VAT numbers cannot be checked. */
    vatValidation:
      vatDriver === 'vies'
        ? ({ driver: 'vies', apiUrl: e.VIES_URL ?? VIES_API_URL, ...requester } as const)
        : vatDriver === 'simulator'
          ? ({ driver: 'simulator', ...requester } as const)
          : undefined,
    /**
     * The service's seal (issue 7, part 3): a PKCS#12 file, or outside production a local CA and seal certificate
     * made on first start under `<DATA_DIR>/keys`; SEAL_TRUST_FILE adds trust anchors (a PEM bundle) for the verifier.
     */
    sealing: {
      key: e.SEAL_P12_FILE
        ? ({ source: 'p12-file', file: path.resolve(e.SEAL_P12_FILE), password: e.SEAL_P12_PASSWORD ?? '' } as const)
        : ({ source: 'local-pki' } as const),
      /** The local CA with its seal and TSA certificates, made on first use. */
      localPkiDir: path.join(dataDir, 'keys'),
      trustFile: e.SEAL_TRUST_FILE ? path.resolve(e.SEAL_TRUST_FILE) : undefined,
    },
    /** RFC 3161 timestamps on seals from TSA_URL, or from the TSA simulator with the local PKI's TSA certificate. */
    timestamping: e.TSA_URL
      ? ({ driver: 'rfc3161-http', url: e.TSA_URL, username: e.TSA_USERNAME, password: e.TSA_PASSWORD } as const)
      : ({ driver: 'simulator' } as const),
    /** The rate limits of constants `rateLimits`; a RATE_LIMIT_* variable changes one's count, never its window. */
    rateLimits: rateLimitsOf(e),
    /** Where the simulators keep what they received (the developer mailbox). */
    simulatorDir: path.join(dataDir, 'simulators'),
  };
  const problems: string[] = [];
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_AUTH_TOKEN)
    problems.push('TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID');
  // All or none: a key without its webhook secret could take payments it can never confirm, and a secret or URL
  // without the key would quietly leave the simulator in Stripe's place.
  if (e.ONFIDO_API_TOKEN && !e.ONFIDO_WEBHOOK_TOKEN) {
    problems.push(
      "ONFIDO_WEBHOOK_TOKEN: required with ONFIDO_API_TOKEN (the webhook's token, to check its signatures)",
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the webhook endpoint's signing secret)");
  }
  if (!e.STRIPE_SECRET_KEY && (e.STRIPE_WEBHOOK_SECRET || e.STRIPE_CONNECT_WEBHOOK_SECRET || e.STRIPE_API_URL)) {
    problems.push(
      'STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/STRIPE_CONNECT_WEBHOOK_SECRET/STRIPE_API_URL',
    );
  }
  if (e.BANKID_API_URL && (!e.BANKID_PFX_FILE || !e.BANKID_CA_FILE)) {
    problems.push(
      'BANKID_PFX_FILE, BANKID_CA_FILE: required with BANKID_API_URL (the RP certificate and the BankID CA)',
    );
  }
  if (e.COMPANY_REGISTRY_URL && (!e.COMPANY_REGISTRY_CLIENT_ID || !e.COMPANY_REGISTRY_CLIENT_SECRET)) {
    problems.push(
      'COMPANY_REGISTRY_CLIENT_ID, COMPANY_REGISTRY_CLIENT_SECRET: required with COMPANY_REGISTRY_URL (the Roaring API keys)',
    );
  }
  // Keys without the URL would quietly leave the simulator (or nothing) in place of the registry they were meant for.
  if (!e.COMPANY_REGISTRY_URL && (e.COMPANY_REGISTRY_CLIENT_ID || e.COMPANY_REGISTRY_CLIENT_SECRET)) {
    problems.push('COMPANY_REGISTRY_URL: required with the company registry keys (https://api.roaring.io)');
  }
  if (e.VIES_REQUESTER_VAT_NUMBER && !viesRequester) {
    problems.push('VIES_REQUESTER_VAT_NUMBER: must be an EU VAT number VIES serves, e.g. SE556016068001');
  }
  // A URL that an explicit driver would not use is a mistake in one of the two.
  if (e.VIES_URL && (e.VAT_VALIDATION === 'simulator' || e.VAT_VALIDATION === 'off')) {
    problems.push(`VIES_URL: not used with VAT_VALIDATION=${e.VAT_VALIDATION}`);
  }
  // Credentials without the URL would quietly leave the simulator in place of the TSA they were meant for.
  if (!e.TSA_URL && (e.TSA_USERNAME || e.TSA_PASSWORD))
    problems.push('TSA_URL: required with TSA_USERNAME/TSA_PASSWORD');
  // The simulator is a stand-in for tests and development: it cannot replace a configured model, nor run without
  // the other simulators.
  if (e.LLM_SIMULATOR && e.LLM_BASE_URL) problems.push('LLM_SIMULATOR: not used with LLM_BASE_URL (a real model)');
  else if (e.LLM_SIMULATOR && !simulators) problems.push('LLM_SIMULATOR: needs SIMULATORS on');
  if (e.TSA_PASSWORD && !e.TSA_USERNAME) problems.push('TSA_USERNAME: required with TSA_PASSWORD');
  if (e.SEAL_P12_PASSWORD !== undefined && !e.SEAL_P12_FILE) {
    problems.push('SEAL_P12_FILE: required with SEAL_P12_PASSWORD (the seal certificate as PKCS#12)');
  }
  // A worker alone listens nowhere: its default address would be its own unserved port, and every link it sends
  // (invitations, reminders) would lead nowhere.
  if (!config.roles.includes('api') && !e.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required with ROLES=worker (the API's address, which the links in its messages point to)",
    );
  }
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_SMS_FROM) {
    problems.push('TWILIO_SMS_FROM: required with TWILIO_ACCOUNT_SID (a number, sender id or MG… service SID)');
  }

  if (isProduction) {
    if (config.simulators) problems.push('SIMULATORS: simulators cannot run in production');
    if (config.webhooksAllowLoopback) {
      problems.push('WEBHOOKS_ALLOW_LOOPBACK: webhooks to loopback addresses are for tests, never production');
    }
    if (e.VAT_VALIDATION === 'simulator') problems.push('VAT_VALIDATION: the VIES simulator cannot run in production');
    if (config.demoAccount) problems.push('DEMO_ACCOUNT: the demo account cannot exist in production');
    if (e.SESSION_SECRET === defaultSessionSecret) problems.push('SESSION_SECRET: set a secret of your own');
    else if (estimateSecretBits(e.SESSION_SECRET) < minimumSecretBits) {
      problems.push(
        `SESSION_SECRET: too predictable (needs ${minimumSecretBits} bits of randomness); make one with: openssl rand -base64 32`,
      );
    }
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (links in messages point to it)');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production (every flow sends e-mail)');
    // A self-made CA and the simulator's timestamps are trusted by nobody outside this installation.
    if (!e.SEAL_P12_FILE) problems.push('SEAL_P12_FILE: required in production (the seal certificate as PKCS#12)');
    if (!e.TSA_URL) problems.push('TSA_URL: required in production (an RFC 3161 time-stamping authority)');
    if (!e.STRIPE_SECRET_KEY) {
      problems.push('STRIPE_SECRET_KEY: required in production (top-ups and price plans are paid through Stripe)');
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

export type Config = ReturnType<typeof loadConfig>;

type RateLimitRule = { limit: number; windowSeconds: number };

function rateLimitsOf(e: z.infer<typeof ZEnv>): Record<RateLimitName, RateLimitRule> {
  const limitOf = (name: RateLimitName, value: number | undefined): RateLimitRule => ({
    limit: value ?? rateLimits[name].limit,
    windowSeconds: rateLimits[name].windowSeconds,
  });
  return {
    clientSends: limitOf('clientSends', e.RATE_LIMIT_CLIENT_SENDS),
    anonymousSends: limitOf('anonymousSends', e.RATE_LIMIT_ANONYMOUS_SENDS),
    linkNewDestinations: limitOf('linkNewDestinations', e.RATE_LIMIT_LINK_NEW_DESTINATIONS),
    clientLookups: limitOf('clientLookups', e.RATE_LIMIT_CLIENT_LOOKUPS),
    clientLogins: limitOf('clientLogins', e.RATE_LIMIT_CLIENT_LOGINS),
    publicLinkVisits: limitOf('publicLinkVisits', e.RATE_LIMIT_PUBLIC_LINK_VISITS),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
