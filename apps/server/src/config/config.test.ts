import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultSessionSecret, loadConfig } from './config.ts';

const productionBasics = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-real-secret-that-is-long-enough-0123456789',
  PUBLIC_URL: 'https://signlink.app',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  SIMULATORS: 'off',
  DEMO_ACCOUNT: 'off',
  SEAL_P12_FILE: '/etc/signlink/seal.p12',
  TSA_URL: 'https://tsa.example.com/tsr',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

describe('loadConfig', () => {
  it('runs on embedded defaults: PGlite and files under ./data, simulators on, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.resolve('data/db') });
    expect(config.storage).toEqual({ driver: 'local', root: path.resolve('data/files') });
    expect(config.simulators).toBe(true);
    expect(config.demoAccount).toBe(true);
    expect(config.roles).toEqual(['api', 'worker']);
    expect(config.seBrandHosts).toEqual(['pdfblankett.localhost']);
  });

  it('honours PORT, DATA_DIR, DATABASE_URL, S3_BUCKET and ROLES', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/tmp/signlink-b',
      DATABASE_URL: 'postgres://u@db:5432/signlink',
      S3_BUCKET: 'signlink-files',
      ROLES: 'worker',
      PUBLIC_URL: 'https://signlink.example.com',
    });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/signlink-b');
    expect(config.database).toMatchObject({ driver: 'postgres', url: 'postgres://u@db:5432/signlink' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'signlink-files' });
    expect(config.roles).toEqual(['worker']);
  });

  it('needs PUBLIC_URL in a worker that serves no HTTP, since its messages link to the API', () => {
    // Without it the links would name the worker's own port, where nothing listens.
    expect(() => loadConfig({ ROLES: 'worker' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLES: 'worker' })).toThrow(/PUBLIC_URL: required with ROLES=worker/);
    expect(() => loadConfig({ ROLES: ' worker ,worker' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ROLES: 'worker', PUBLIC_URL: 'https://signlink.example.com' }).publicUrl).toBe(
      'https://signlink.example.com',
    );
    // A process that serves the API links to its own address, which PORT names.
    expect(loadConfig({ ROLES: 'api' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ROLES: 'api,worker', PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('is frozen, deeply', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow();
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', ROLES: 'api,cook', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('ROLES');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('refuses production with simulators, the demo account or the default secret', () => {
    expect(() => loadConfig(productionBasics)).not.toThrow();
    // The API's documentation page is off in production unless asked for (issue 20).
    expect(loadConfig(productionBasics).apiDocs).toBe(false);
    expect(loadConfig({ ...productionBasics, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    const cases: Array<[Record<string, string>, string]> = [
      [{ SIMULATORS: 'on' }, 'SIMULATORS'],
      [{ DEMO_ACCOUNT: 'on' }, 'DEMO_ACCOUNT'],
      [{ SESSION_SECRET: defaultSessionSecret }, 'SESSION_SECRET'],
      // Issue 20: long enough, but guessable.
      [{ SESSION_SECRET: 'a'.repeat(32) }, 'SESSION_SECRET'],
      [{ SESSION_SECRET: 'abcdefgh'.repeat(6) }, 'SESSION_SECRET'],
      [{ SESSION_SECRET: 'passwordpasswordpasswordpassword' }, 'SESSION_SECRET'],
      [{ PUBLIC_URL: '' }, 'PUBLIC_URL'],
      [{ SMTP_URL: '' }, 'SMTP_URL'],
      [{ SEAL_P12_FILE: '' }, 'SEAL_P12_FILE'],
      [{ TSA_URL: '' }, 'TSA_URL'],
      [{ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_SECRET_KEY'],
    ];
    for (const [override, name] of cases) {
      const env: Record<string, string> = { ...productionBasics, ...override };
      for (const [key, value] of Object.entries(override)) if (value === '') delete env[key];
      expect(() => loadConfig(env), name).toThrow(name);
    }
  });

  it('seals with a local PKI under DATA_DIR/keys and the TSA simulator outside production', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/signlink-seal' });
    expect(config.sealing).toEqual({
      key: { source: 'local-pki' },
      localPkiDir: '/tmp/signlink-seal/keys',
      trustFile: undefined,
    });
    expect(config.timestamping).toEqual({ driver: 'simulator' });
  });

  it('seals with SEAL_P12_FILE, trusts SEAL_TRUST_FILE and stamps with TSA_URL and its credentials', () => {
    const config = loadConfig({
      SEAL_P12_FILE: '/keys/seal.p12',
      SEAL_P12_PASSWORD: 'p12-secret',
      SEAL_TRUST_FILE: '/keys/trust.pem',
      TSA_URL: 'https://tsa.example.com/tsr',
      TSA_USERNAME: 'signlink',
      TSA_PASSWORD: 'tsa-secret',
    });
    expect(config.sealing).toEqual({
      key: { source: 'p12-file', file: '/keys/seal.p12', password: 'p12-secret' },
      localPkiDir: path.resolve('data/keys'),
      trustFile: '/keys/trust.pem',
    });
    expect(config.timestamping).toEqual({
      driver: 'rfc3161-http',
      url: 'https://tsa.example.com/tsr',
      username: 'signlink',
      password: 'tsa-secret',
    });
    expect(loadConfig({ ...productionBasics }).timestamping).toMatchObject({ driver: 'rfc3161-http' });
  });

  it('names half-configured sealing and time-stamping variables', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ TSA_USERNAME: 'signlink' }, 'TSA_URL'],
      [{ TSA_URL: 'https://tsa.example.com', TSA_PASSWORD: 'secret' }, 'TSA_USERNAME'],
      [{ SEAL_P12_PASSWORD: 'secret' }, 'SEAL_P12_FILE'],
      [{ TSA_URL: 'not a url' }, 'TSA_URL'],
    ];
    for (const [env, name] of cases) expect(() => loadConfig(env), name).toThrow(name);
  });

  it('turns simulators off by default in production', () => {
    const { SIMULATORS: _s, DEMO_ACCOUNT: _d, ...rest } = productionBasics;
    const config = loadConfig(rest);
    expect(config.simulators).toBe(false);
    expect(config.demoAccount).toBe(false);
    expect(config.email).toEqual({ driver: 'smtp', url: productionBasics.SMTP_URL });
    // No Twilio configured and no simulators: texts are unavailable rather than silently simulated.
    expect(config.textMessages).toBeUndefined();
  });

  it('uses the messaging simulators outside production unless real providers are configured', () => {
    expect(loadConfig({}).email).toEqual({ driver: 'simulator' });
    expect(loadConfig({}).textMessages).toEqual({ driver: 'simulator' });
    const twilio = loadConfig({
      TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-0123',
      TWILIO_SMS_FROM: 'Signlink',
    }).textMessages;
    expect(twilio).toMatchObject({ driver: 'twilio', apiUrl: 'https://api.twilio.com', smsFrom: 'Signlink' });
  });

  it('uses the Stripe simulator outside production, and needs the key and the webhook secret together', () => {
    expect(loadConfig({}).payments).toEqual({ driver: 'simulator' });
    expect(loadConfig({ SIMULATORS: 'off' }).payments).toBeUndefined();
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' };
    expect(loadConfig(stripe).payments).toEqual({
      driver: 'stripe',
      secretKey: 'sk_test_0123456789',
      webhookSecret: 'whsec_0123456789',
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required/,
    );
    expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_SECRET_KEY: required/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_0123456789' })).toThrow('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('STRIPE_WEBHOOK_SECRET');
    // Sign & Pay's Connect endpoint has a secret of its own, optional, and never alone.
    expect(loadConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect01' }).payments).toMatchObject({
      connectWebhookSecret: 'whsec_connect01',
    });
    expect(() => loadConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: 'secret' })).toThrow(
      'STRIPE_CONNECT_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect01' })).toThrow(
      /STRIPE_SECRET_KEY: required/,
    );
  });

  it('uses the BankID simulator outside production, and needs the RP certificate and CA for the real API', () => {
    expect(loadConfig({}).bankId).toEqual({ driver: 'simulator' });
    expect(() => loadConfig({ BANKID_API_URL: 'https://appapi2.test.bankid.com/rp/v6.0' })).toThrow(
      /BANKID_PFX_FILE, BANKID_CA_FILE/,
    );
    expect(
      loadConfig({
        BANKID_API_URL: 'https://appapi2.test.bankid.com/rp/v6.0',
        BANKID_PFX_FILE: '/etc/signlink/rp.p12',
        BANKID_PASSPHRASE: 'secret',
        BANKID_CA_FILE: '/etc/signlink/bankid-test-ca.pem',
      }).bankId,
    ).toMatchObject({ driver: 'rp', pfxFile: '/etc/signlink/rp.p12' });
  });

  it('uses the company registry simulator outside production, and needs both Roaring keys for the real API', () => {
    expect(loadConfig({}).companyRegistry).toEqual({ driver: 'simulator' });
    const roaring = {
      COMPANY_REGISTRY_URL: 'https://api.roaring.io',
      COMPANY_REGISTRY_CLIENT_ID: 'roaring-client-id',
      COMPANY_REGISTRY_CLIENT_SECRET: 'roaring-client-secret',
    };
    expect(loadConfig(roaring).companyRegistry).toEqual({
      driver: 'roaring',
      apiUrl: 'https://api.roaring.io',
      clientId: 'roaring-client-id',
      clientSecret: 'roaring-client-secret',
    });
    const { COMPANY_REGISTRY_CLIENT_SECRET: _secret, ...withoutSecret } = roaring;
    expect(() => loadConfig(withoutSecret)).toThrow(/COMPANY_REGISTRY_CLIENT_ID, COMPANY_REGISTRY_CLIENT_SECRET/);
    const { COMPANY_REGISTRY_URL: _url, ...withoutUrl } = roaring;
    expect(() => loadConfig(withoutUrl)).toThrow(/COMPANY_REGISTRY_URL: required/);
    expect(() => loadConfig({ ...roaring, COMPANY_REGISTRY_URL: 'api.roaring.io' })).toThrow('COMPANY_REGISTRY_URL');
  });

  it('has no company registry in production unless one is configured', () => {
    expect(loadConfig(productionBasics).companyRegistry).toBeUndefined();
    const configured = loadConfig({
      ...productionBasics,
      COMPANY_REGISTRY_URL: 'https://api.roaring.io',
      COMPANY_REGISTRY_CLIENT_ID: 'roaring-client-id',
      COMPANY_REGISTRY_CLIENT_SECRET: 'roaring-client-secret',
    });
    expect(configured.companyRegistry).toMatchObject({ driver: 'roaring' });
  });

  it('checks VAT numbers against the VIES simulator outside production, and against nothing with simulators off', () => {
    expect(loadConfig({}).vatValidation).toEqual({ driver: 'simulator' });
    expect(loadConfig({ NODE_ENV: 'test' }).vatValidation).toEqual({ driver: 'simulator' });
    expect(loadConfig({ SIMULATORS: 'off' }).vatValidation).toBeUndefined();
    expect(loadConfig({ VAT_VALIDATION: 'off' }).vatValidation).toBeUndefined();
    expect(loadConfig({ SIMULATORS: 'off', VAT_VALIDATION: 'simulator' }).vatValidation).toEqual({
      driver: 'simulator',
    });
  });

  it("uses VIES when VIES_URL is set or VAT_VALIDATION=vies asks for it, at the EC's URL by default", () => {
    const ecUrl = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
    expect(loadConfig({ VAT_VALIDATION: 'vies' }).vatValidation).toEqual({ driver: 'vies', apiUrl: ecUrl });
    expect(loadConfig({ VIES_URL: 'http://vies.internal:8080/rest-api' }).vatValidation).toEqual({
      driver: 'vies',
      apiUrl: 'http://vies.internal:8080/rest-api',
    });
    expect(loadConfig({ SIMULATORS: 'off', VIES_URL: ecUrl }).vatValidation).toMatchObject({ driver: 'vies' });
    expect(() => loadConfig({ VIES_URL: 'ec.europa.eu' })).toThrow('VIES_URL');
    expect(() => loadConfig({ VAT_VALIDATION: 'sometimes' })).toThrow('VAT_VALIDATION');
  });

  it('refuses a VIES_URL that VAT_VALIDATION=off or =simulator would leave unused', () => {
    const url = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
    expect(() => loadConfig({ VIES_URL: url, VAT_VALIDATION: 'off' })).toThrow(
      /VIES_URL: not used with VAT_VALIDATION=off/,
    );
    expect(() => loadConfig({ VIES_URL: url, VAT_VALIDATION: 'simulator' })).toThrow(/VAT_VALIDATION=simulator/);
  });

  it('names Signlink as the requester when VIES_REQUESTER_VAT_NUMBER is a VAT number', () => {
    expect(loadConfig({ VIES_REQUESTER_VAT_NUMBER: 'se 556016-0680 01' }).vatValidation).toEqual({
      driver: 'simulator',
      requester: { countryCode: 'SE', vatNumber: '556016068001' },
    });
    expect(loadConfig({ VAT_VALIDATION: 'vies', VIES_REQUESTER_VAT_NUMBER: 'DE123456789' }).vatValidation).toEqual({
      driver: 'vies',
      apiUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
      requester: { countryCode: 'DE', vatNumber: '123456789' },
    });
    expect(() => loadConfig({ VIES_REQUESTER_VAT_NUMBER: '5560160680' })).toThrow('VIES_REQUESTER_VAT_NUMBER');
  });

  it('checks VAT numbers against the real VIES in production, which needs no keys, unless VAT_VALIDATION=off', () => {
    expect(loadConfig(productionBasics).vatValidation).toEqual({
      driver: 'vies',
      apiUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
    });
    expect(loadConfig({ ...productionBasics, VAT_VALIDATION: 'off' }).vatValidation).toBeUndefined();
    expect(() => loadConfig({ ...productionBasics, VAT_VALIDATION: 'simulator' })).toThrow(
      'VAT_VALIDATION: the VIES simulator cannot run in production',
    );
  });

  it('names a half-configured Twilio and a malformed SMTP_URL', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}` })).toThrow(
      /TWILIO_AUTH_TOKEN[\s\S]*TWILIO_SMS_FROM/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow('SMTP_URL');
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'nope' })).toThrow('TWILIO_ACCOUNT_SID');
  });
});
