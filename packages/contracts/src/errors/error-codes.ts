/**
 * SPEC section 8, the error catalogue: one stable machine code per entry, its HTTP status,
 * and its i18n key (namespace `errors`, present in every language: a test checks).
 * Codes marked `clientOnly` are raised by the web app itself (viewer, browser checks) and never
 * sent by the server, but share the table so the UI shows them the same way.
 */
export const errorCatalogue = {
  // Sessions and access
  UNAUTHENTICATED: { status: 401, key: 'unauthenticated' },
  SESSION_EXPIRED: { status: 401, key: 'sessionExpired' },
  FORBIDDEN: { status: 403, key: 'forbidden' },
  BAD_CREDENTIALS: { status: 401, key: 'badCredentials' },
  BAD_PHONE_OR_PIN: { status: 401, key: 'badPhoneOrPin' },
  // A signed-in user's current password, when changing it: not a 401, which would log them out (SPEC section 7).
  WRONG_PASSWORD: { status: 403, key: 'wrongPassword' },
  // Requests
  VALIDATION_FAILED: { status: 400, key: 'validationFailed' },
  INVALID_JSON: { status: 400, key: 'invalidJson' },
  INVALID_URL: { status: 400, key: 'invalidUrl' },
  INVALID_PHONE: { status: 400, key: 'invalidPhone' },
  INVALID_EMAIL: { status: 400, key: 'invalidEmail' },
  INVALID_PERSONAL_NUMBER: { status: 400, key: 'invalidPersonalNumber' },
  ROUTE_NOT_FOUND: { status: 404, key: 'routeNotFound' },
  NOT_FOUND: { status: 404, key: 'notFound' },
  REQUEST_TIMEOUT: { status: 408, key: 'requestTimeout' },
  RATE_LIMITED: { status: 429, key: 'rateLimited' },
  SERVER_ERROR: { status: 500, key: 'serverError' },
  UNEXPECTED_ERROR: { status: 500, key: 'unexpectedError' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'serviceUnavailable' },
  MAINTENANCE: { status: 503, key: 'maintenance' },
  // Links and documents
  INVALID_LINK: { status: 404, key: 'invalidLink' },
  LINK_RECALLED: { status: 410, key: 'linkRecalled' },
  DOCUMENT_WITHDRAWN: { status: 410, key: 'documentWithdrawn' },
  DOCUMENT_LOAD_FAILED: { status: 500, key: 'documentLoadFailed', clientOnly: true },
  VIEWER_FAILED: { status: 500, key: 'viewerFailed', clientOnly: true },
  DOCUMENT_INVALID: { status: 422, key: 'documentInvalid' },
  MANDATORY_FIELDS_MISSING: { status: 422, key: 'mandatoryFieldsMissing' },
  DOCUMENT_NOT_SIGNED: { status: 422, key: 'documentNotSigned' },
  DOCUMENT_SAVE_FAILED: { status: 409, key: 'documentSaveFailed' },
  SIGNATURE_FAILED: { status: 500, key: 'signatureFailed' },
  LINK_CREATE_FAILED: { status: 500, key: 'linkCreateFailed' },
  REMINDER_LIMIT_REACHED: { status: 429, key: 'reminderLimitReached' },
  CONTACT_UPDATE_LIMIT_REACHED: { status: 429, key: 'contactUpdateLimitReached' },
  UPLOAD_WRONG_TYPE: { status: 415, key: 'uploadWrongType' },
  FILE_TOO_LARGE: { status: 413, key: 'fileTooLarge' },
  // Upload (SPEC section 5, issue 6 part 1): a PDF we cannot open safely is refused with the reason.
  UPLOAD_PASSWORD_PROTECTED: { status: 422, key: 'uploadPasswordProtected' },
  UPLOAD_RESTRICTED: { status: 422, key: 'uploadRestricted' },
  UPLOAD_DAMAGED: { status: 422, key: 'uploadDamaged' },
  UPLOAD_TOO_COMPLEX: { status: 422, key: 'uploadTooComplex' },
  UPLOAD_ACTIVE_CONTENT: { status: 422, key: 'uploadActiveContent' },
  // Document rules (SPEC section 4).
  DOCUMENT_COMPLETED: { status: 409, key: 'documentCompleted' },
  DOCUMENT_NOT_WITHDRAWN: { status: 409, key: 'documentNotWithdrawn' },
  DOCUMENT_NOT_OPEN: { status: 409, key: 'documentNotOpen' },
  DOCUMENT_NOT_SEALED: { status: 409, key: 'documentNotSealed' },
  // Ours (issue 7): a seal retry asked for a document whose sealing has not failed (pending, or already sealed).
  SEAL_NOT_FAILED: { status: 409, key: 'sealNotFailed' },
  DOWNLOAD_FAILED: { status: 500, key: 'downloadFailed', clientOnly: true },
  MOBILE_NOT_SUPPORTED: { status: 400, key: 'mobileNotSupported', clientOnly: true },
  BROWSER_NOT_SUPPORTED: { status: 400, key: 'browserNotSupported', clientOnly: true },
  // Messaging and registration
  SEND_FAILED: { status: 422, key: 'sendFailed' },
  // SPEC section 5: SMS or WhatsApp invitations and reminders need the matching add-on.
  ADDON_REQUIRED: { status: 403, key: 'addOnRequired' },
  PIN_SAVE_FAILED: { status: 500, key: 'pinSaveFailed' },
  ACTION_CANCELLED: { status: 409, key: 'actionCancelled' },
  PERSON_TOO_YOUNG: { status: 403, key: 'personTooYoung' },
  REFERRAL_REGISTRATION_FAILED: { status: 409, key: 'referralRegistrationFailed' },
  // A partner switched the referral link off (SPEC section 4): no one registers through it any more.
  REFERRAL_LINK_DISABLED: { status: 410, key: 'referralLinkDisabled' },
  ACCOUNT_CREATE_FAILED: { status: 422, key: 'accountCreateFailed' },
  ACCOUNT_SWITCH_FAILED: { status: 403, key: 'accountSwitchFailed' },
  ALREADY_HAS_COMPANY_ACCESS: { status: 409, key: 'alreadyHasCompanyAccess' },
  // Account users (SPEC sections 4 to 6): an account keeps an administrator; a personal account has one user.
  LAST_ADMINISTRATOR: { status: 409, key: 'lastAdministrator' },
  PERSONAL_ACCOUNT_NO_USERS: { status: 409, key: 'personalAccountNoUsers' },
  INVITATION_CANCELLED: { status: 410, key: 'invitationCancelled' },
  INVITATION_ALREADY_ACCEPTED: { status: 409, key: 'invitationAlreadyAccepted' },
  ACCOUNT_EXISTS: { status: 409, key: 'accountExists' },
  // SPEC section 5: a company invitee proves its organisation number with BankID, so only Swedish companies.
  INTERNATIONAL_COMPANY_INVITE: { status: 422, key: 'internationalCompanyInvite' },
  NO_ACCOUNT_FOR_PHONE: { status: 404, key: 'noAccountForPhone' },
  PIN_RESET_EXPIRED: { status: 410, key: 'pinResetExpired' },
  ORG_NUMBER_VERIFICATION_FAILED: { status: 403, key: 'orgNumberVerificationFailed' },
  COMPANY_LOOKUP_FAILED: { status: 502, key: 'companyLookupFailed' },
  BANKID_START_FAILED: { status: 502, key: 'bankIdStartFailed' },
  // Identity checks
  WRONG_CODE: { status: 406, key: 'wrongCode' },
  WRONG_EMAIL: { status: 406, key: 'wrongEmail' },
  WRONG_PHONE: { status: 406, key: 'wrongPhone' },
  ACCESS_FAILED: { status: 403, key: 'accessFailed' },
  SCAN_UNREADABLE: { status: 422, key: 'scanUnreadable' },
  SCAN_EXPIRED: { status: 422, key: 'scanExpired' },
  SCAN_WRONG_TYPE: { status: 422, key: 'scanWrongType' },
  SCAN_MATCH_FAILED: { status: 422, key: 'scanMatchFailed' },
  SCAN_FAILED: { status: 422, key: 'scanFailed' },
  // Issue 27: a type 6 live capture that is not of a live person (a photo of a photo, a screen, a mask).
  SCAN_LIVENESS_FAILED: { status: 422, key: 'scanLivenessFailed' },
  // Issue 27: signing a type 5 or 6 slot needs a passed ID scan of that slot, used once.
  ID_SCAN_REQUIRED: { status: 409, key: 'idScanRequired' },
  // The AI assistant (issue 28): an unknown version, too many knowledge files, the provider down, a limit reached.
  AI_VERSION_UNKNOWN: { status: 422, key: 'aiVersionUnknown' },
  AI_KNOWLEDGE_FILE_LIMIT: { status: 422, key: 'aiKnowledgeFileLimit' },
  AI_UNAVAILABLE: { status: 503, key: 'aiUnavailable' },
  AI_LIMIT_REACHED: { status: 429, key: 'aiLimitReached' },
  AI_ASSISTANT_DISABLED: { status: 404, key: 'aiAssistantDisabled' },
  // A slot's type that the call cannot sign: an ID scan for a BankID or e-signature slot, say.
  SIGNATURE_METHOD_UNAVAILABLE: { status: 422, key: 'signatureMethodUnavailable' },
  // Money
  INSUFFICIENT_BALANCE: { status: 402, key: 'insufficientBalance' },
  RECIPIENT_INSUFFICIENT_BALANCE: { status: 402, key: 'recipientInsufficientBalance' },
  GIFT_CARD_NOT_ACTIVATED: { status: 422, key: 'giftCardNotActivated' },
  GIFT_CARD_USED: { status: 409, key: 'giftCardUsed' },
  GIFT_CARD_INVALID: { status: 404, key: 'giftCardInvalid' },
  GIFT_CARD_WRONG_CURRENCY: { status: 422, key: 'giftCardWrongCurrency' },
  GIFT_CARD_EXPIRED: { status: 410, key: 'giftCardExpired' },
  // SPEC section 5, "not cumulative": said apart from the other refusals, so the person knows what to wait for.
  GIFT_CARD_NOT_CUMULATIVE: { status: 409, key: 'giftCardNotCumulative' },
  // Campaigns (SPEC section 7): ended, activated once per account already, or in another currency than the account.
  CAMPAIGN_ENDED: { status: 410, key: 'campaignEnded' },
  CAMPAIGN_ALREADY_ACTIVATED: { status: 409, key: 'campaignAlreadyActivated' },
  CAMPAIGN_WRONG_CURRENCY: { status: 422, key: 'campaignWrongCurrency' },
  VAT_INVALID: { status: 422, key: 'vatInvalid' },
  VAT_VALIDATION_UNAVAILABLE: { status: 502, key: 'vatValidationUnavailable' },
  PAYMENT_FAILED: { status: 402, key: 'paymentFailed' },
  PAYMENT_PENDING: { status: 409, key: 'paymentPending' },
  PAYMENT_CANCELLED: { status: 409, key: 'paymentCancelled' },
  // DECISIONS "top-up": a custom top-up below the minimum or above the maximum of the account's currency.
  TOP_UP_AMOUNT_OUT_OF_RANGE: { status: 422, key: 'topUpAmountOutOfRange' },
  // A payment provider's callback whose signature does not hold (forged, altered or stale): nothing is recorded.
  WEBHOOK_SIGNATURE_INVALID: { status: 400, key: 'webhookSignatureInvalid' },
  // Price plans and add-ons (SPEC sections 5 and 9): company accounts only, one live plan, cancelled 30 days ahead.
  PRICE_PLAN_NEEDS_COMPANY: { status: 422, key: 'pricePlanNeedsCompany' },
  PRICE_PLAN_ALREADY_ACTIVE: { status: 409, key: 'pricePlanAlreadyActive' },
  PRICE_PLAN_NOT_ACTIVE: { status: 409, key: 'pricePlanNotActive' },
  PRICE_PLAN_ALREADY_CANCELLED: { status: 409, key: 'pricePlanAlreadyCancelled' },
  PRICE_PLAN_CANCEL_TOO_LATE: { status: 422, key: 'pricePlanCancelTooLate' },
  INVOICE_DETAILS_MISSING: { status: 422, key: 'invoiceDetailsMissing' },
  ADD_ON_ALREADY_ACTIVE: { status: 409, key: 'addOnAlreadyActive' },
  SHARING_NEEDS_PLAN: { status: 422, key: 'sharingNeedsPlan' },
  // Templates, public links, contacts and bulk sending (issue 24)
  TEMPLATES_NEED_PLAN: { status: 422, key: 'templatesNeedPlan' },
  TEMPLATE_ROLE_EMPTY: { status: 422, key: 'templateRoleEmpty' },
  CONTACT_ALREADY_EXISTS: { status: 409, key: 'contactAlreadyExists' },
  BULK_SEND_CSV_INVALID: { status: 422, key: 'bulkSendCsvInvalid' },
  BULK_SEND_NOTHING_TO_SEND: { status: 422, key: 'bulkSendNothingToSend' },
  // Sign & Pay (issue 25; SPEC sections 4 and 5): terms first, once per slot, to a connected Stripe account.
  PAYMENT_TERMS_NOT_ACCEPTED: { status: 422, key: 'paymentTermsNotAccepted' },
  PAYMENT_ALREADY_MADE: { status: 409, key: 'paymentAlreadyMade' },
  PAYMENT_EMAIL_NOT_VERIFIED: { status: 422, key: 'paymentEmailNotVerified' },
  PAYEE_NOT_CONNECTED: { status: 422, key: 'payeeNotConnected' },
  PAYMENT_PRODUCT_REQUIRED: { status: 422, key: 'paymentProductRequired' },
  PAYMENT_PRODUCT_USED: { status: 409, key: 'paymentProductUsed' },
  // Developer platform (issue 26): API clients, webhooks.
  API_CLIENT_NOT_ALLOWED: { status: 403, key: 'apiClientNotAllowed' },
  WEBHOOK_URL_REFUSED: { status: 422, key: 'webhookUrlRefused' },
  WEBHOOK_ENDPOINT_DISABLED: { status: 409, key: 'webhookEndpointDisabled' },
  // OAuth apps (issue 26, part 5): refusals of an authorisation request on the consent screen.
  OAUTH_CLIENT_UNKNOWN: { status: 404, key: 'oauthClientUnknown' },
  OAUTH_REDIRECT_URI_NOT_REGISTERED: { status: 400, key: 'oauthRedirectUriNotRegistered' },
  OAUTH_PKCE_REQUIRED: { status: 400, key: 'oauthPkceRequired' },
  OAUTH_SCOPE_INVALID: { status: 400, key: 'oauthScopeInvalid' },
} as const satisfies Record<string, { status: number; key: string; clientOnly?: boolean }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** The i18n key, in the `errors` namespace, of a code's user-facing message. */
export function messageKeyOf(code: ErrorCode): `errors:${string}` {
  return `errors:${errorCatalogue[code].key}`;
}
