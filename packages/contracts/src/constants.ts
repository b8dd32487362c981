/**
 * Business constants of SPEC section 9 and the values spec/DECISIONS.md settles.
 * Every number lives here once so that a product owner changes it in one place.
 */
export const appVersion = '0.1.0';

export const limits = {
  pinDigits: 4,
  orgNumberDigits: 10,
  smsCodeDigits: 4,
  emailCodeMinLength: 4,
  emailCodeLength: 6,
  bankIdMinimumAge: 18,
  maxUploadMegabytes: 25,
  /** Issue 6, upload bounds: a PDF with more pages or indirect objects is refused as too complex to handle. */
  maxUploadPages: 2000,
  maxUploadObjects: 500_000,
  /** No stream of an upload may inflate beyond this (a zip bomb is refused without being inflated whole). */
  maxUploadStreamMegabytes: 128,
  /**
   * Ours (issue 20): all streams of an upload together may inflate to no more than this. The largest real-world
   * fixture inflates to well under it; a file of many bombs, each under the per-stream bound, is refused after
   * about two seconds of a worker's time instead of twenty.
   */
  maxUploadInflatedMegabytes: 512,
  /** Parsing an upload stops after this long in its worker thread: the file is answered as damaged. */
  uploadParseSeconds: 20,
  remindersPerPartyPerHour: 1,
  remindersPerPartyTotal: 10,
  contactUpdatesPerParty: 3,
  /** Ours: the sharing dialog sends a document's links at most this often per hour, as reminders are bounded. */
  sharesPerDocumentPerHour: 10,
  messagesPerInvitation: 3,
  /**
   * Ours: the largest file an e-mail carries as an attachment (the sealed PDF to each party). Base64 makes it about
   * 13.5 MiB on the wire, under the common 20–25 MB limits of receiving servers; a larger file goes as a link only.
   */
  maxEmailAttachmentBytes: 10 * 1024 * 1024,
  /** A user invitation's e-mail goes again at most once per hour (ours: SPEC section 4 rate-limits reminders). */
  userInvitationResendMinutes: 60,
  /** A user's name, at sign-up and in their preferences: 1 to 200 characters, trimmed. */
  userNameMaxLength: 200,
  otpValidityMinutes: 10,
  otpMaxWrongTries: 5,
  /** Issue 8: wrong SMS or e-mail codes at one link's gate, over all its codes, before it locks until re-sent. */
  linkGateMaxWrongTries: 10,
  /** Issue 5, security figures: at most three codes to one phone or address per 15 minutes, whatever they are for. */
  codesPerDestinationPerWindow: 3,
  codeSendWindowMinutes: 15,
  /** E-mail login passwords: long enough to resist guessing, argon2id-hashed; the login field's 200 at most. */
  passwordMinLength: 10,
  passwordMaxLength: 200,
  pinMaxWrongTries: 5,
  pinLockMinutes: 15,
  documentExpiryDays: 90,
  lateWarningDays: 7,
  sentFilterDays: [7, 14, 30],
  /** Signature slots per document are numbered from 0; a bound keeps field names and access maps small. */
  maxSignatureIndex: 99,
  /**
   * Ours (issue 8, part 7): a form submission goes to at most this many e-mail addresses and phone numbers together,
   * and one submission's messages (submit, receipts, shares) are at most `formSendsPerSubmissionPerHour`.
   */
  formRecipientsMax: 10,
  formSendsPerSubmissionPerHour: 10,
  /** Ours: a recipient's filled form (instantJson) as JSON text; a form of 500 fields of 2,000 characters fits. */
  formValuesMaxChars: 200_000,
  /** Ours: the address of a submitted PDF that a text message carries opens it for this long. */
  formPdfLinkDays: 30,
  /** Ours (issue 8, part 8): PDFs the recipients attach to one document, all links together. */
  maxAttachmentsPerDocument: 10,
  /**
   * Ours: a partial write (a `.part` file, an unfinished S3 multipart upload) untouched this long belongs to a process
   * that died; the largest upload streams in well under a minute, so an hour never cuts a live one short.
   */
  partialUploadMaxAgeMinutes: 60,
  /**
   * Ours: a stored file no row names is removed once it is this old. Files are stored before the transaction that
   * names them commits, so a younger unnamed file may be an upload still on its way; no request takes a day.
   */
  orphanFileMinAgeHours: 24,
} as const;

/**
 * Rate limits against SMS/e-mail pumping and guessing, all in one place (ours; ARCHITECTURE "Security": rate limits on
 * every gate and login). Each counts requests in the database, so every API process shares it, in a window of
 * `windowSeconds` from the first request it counts; beyond `limit` a request is refused with RATE_LIMITED and
 * retryAfterSeconds (when the window ends), and does nothing.
 * "Client" is one caller's address (IPv4, or an IPv6 /64). The server reads them through its config, where the
 * RATE_LIMIT_* variables of the same names (RATE_LIMIT_CLIENT_SENDS…) can change a limit for one installation.
 * The per-destination limit on codes (`codesPerDestinationPerWindow` above) applies as well.
 */
export const rateLimits = {
  /**
   * Requests without a session that make us send an SMS or e-mail (registration, PIN reset, phone login, link gates,
   * a recipient's form messages), per client per hour: a person needs two or three; behind an office's shared
   * address, ten still serves several. Fifteen numbers in a row from one address stop at the tenth.
   */
  clientSends: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * The same requests from all clients together per hour: a ceiling on what a pumping attack from many addresses
   * can cost (at most a few hundred euros of SMS an hour). An installation with more traffic raises it.
   */
  anonymousSends: { limit: 2000, windowSeconds: 60 * 60 },
  /**
   * Per link per day: numbers and addresses other than the party's own contact (which the sender gave) that its
   * codes may go to. A recipient who mistypes once or twice still gets through; a link is no free SMS gateway.
   */
  linkNewDestinations: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /** Requests that name a link by its code (details, logo, access, gate, BankID), per client per minute. */
  clientLookups: { limit: 300, windowSeconds: 60 },
  /** Log-in requests (password, phone and PIN, BankID), per client per minute. */
  clientLogins: { limit: 300, windowSeconds: 60 },
  /**
   * Public-link visits one client address may start per link and hour: each makes a document charged to the link's
   * owner, so a script cannot spend an owner's balance; a family or an office behind one address still gets through.
   */
  publicLinkVisits: { limit: 20, windowSeconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof rateLimits;

/**
 * The characters of an e-mail code (DECISIONS, OTP codes): upper case without the look-alikes 0/O and 1/I/L,
 * so a code read off a phone and typed on a laptop comes out the same.
 */
export const emailCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const timings = {
  /** SPEC section 7 and 9: every call is tried twice (one extra). */
  apiExtraTries: 1,
  linkDetailsTimeoutRetries: 5,
  linkDetailsRetryDelayMs: 1000,
  maintenanceCheckIntervalMs: 60_000,
  bankIdCancelButtonDelayMs: 3000,
  bankIdStartRetries: 1,
  bankIdQrRefreshMs: 1000,
  accessDialogCloseDelayMs: 2000,
  consentDialogDelayMs: 500,
  accessTokenMinutes: 60,
  /** Issue 8: a recipient's RequestToken after the gate; the page passes the gate again when it runs out. */
  linkAccessTokenMinutes: 60,
  sessionWarningMinutes: 5,
} as const;

export const currencies = ['SEK', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

/** Money is integer minor units with its currency (öre, cent). */
export const money = {
  swedishVatPercent: 25,
  welcomeOfferSek: 125_00,
  topUp: { SEK: { min: 100_00, max: 100_000_00 }, EUR: { min: 10_00, max: 10_000_00 } },
  referralGiftCard: { SEK: 100_00, EUR: 10_00 },
  /** Ours: a referral sign-up's gift-card credit lapses after a year, like the demo gift card. */
  referralCreditValidDays: 365,
  /**
   * SPEC section 9, low-balance levels, in minor units: below `low` is -1, up to `fine` is 0, above is 1. EUR is
   * given in cent (200, 400); "other currencies" in major units (25, 50), so SEK 25 and SEK 50.
   */
  lowBalance: { EUR: { low: 200, fine: 400 }, SEK: { low: 25_00, fine: 50_00 } },
} as const;

/** SPEC section 9, UI sizes. */
export const uiSizes = {
  headerLogoHeight: 48,
  brandHeaderLogoHeight: 60,
  loginHeaderLogoMaxHeight: 48,
  dialogZIndex: 20002,
  privacyFrameHeight: 480,
  dialogMinHeight: 240,
  loginCardMinWidth: 350,
} as const;

export const cookieConsentVersion = 3;

/**
 * SPEC section 9: scale 4 on screen and 16 for download (pixels per module), error correction L, version 6 unless
 * the payload needs a larger one. The margin is the 4-module quiet zone the QR standard asks for around the code.
 */
export const qrCode = { displayScale: 4, downloadScale: 16, errorCorrection: 'L', version: 6, margin: 4 } as const;
