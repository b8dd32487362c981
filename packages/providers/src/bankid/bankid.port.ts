/**
 * Swedish BankID's Relying Party API v6.0 (developers.bankid.com, Auth & Sign OpenAPI 6.1.x), as Signlink uses it.
 * Inputs take plain text: the adapter base64-encodes UTF-8 and checks the documented lengths before sending.
 */

/** How the order must be carried out; every field is optional and BankID applies its defaults. */
export interface BankIdRequirement {
  /** Require the PIN code even when the user has biometrics turned on. */
  pinCode?: boolean;
  /** Require the user to present a Swedish passport or national ID card (MRTD) to complete the order. */
  mrtd?: boolean;
  /** For BankID on card: the minimum card reader class. */
  cardReader?: 'class1' | 'class2';
  /** OIDs of the BankID certificate policies accepted, e.g. `1.2.752.78.1.5` (Mobile BankID). */
  certificatePolicies?: string[];
  /** Only this person (12 digits, YYYYMMDDNNNN) may complete the order. */
  personalNumber?: string;
}

/** `/phone/auth` and `/phone/sign` accept a smaller requirement object. */
export interface BankIdPhoneRequirement {
  pinCode?: boolean;
  certificatePolicies?: string[];
}

/** Text formatting of `userVisibleData`; absent means plain text. */
export type BankIdUserVisibleDataFormat = 'simpleMarkdownV1';

/** The user's device when the order starts in a native app; BankID uses it for its risk assessment. */
export interface BankIdAppDevice {
  appIdentifier: string;
  deviceOS: string;
  deviceModelName: string;
  deviceIdentifier: string;
}

/** The user's browser when the order starts on the web; BankID uses it for its risk assessment. */
export interface BankIdWebDevice {
  referringDomain: string;
  userAgent: string;
  deviceIdentifier: string;
}

interface BankIdOrderOptions {
  /** How the user sees this text is set by `userVisibleDataFormat`. */
  userVisibleDataFormat?: BankIdUserVisibleDataFormat;
  /** Data the user does not see but that becomes part of the signature: a string is encoded as UTF-8. */
  userNonVisibleData?: Buffer | string;
}

interface BankIdDeviceOrderOptions extends BankIdOrderOptions {
  /** The user's IP address as the relying party sees it (IPv4 or IPv6). */
  endUserIp: string;
  requirement?: BankIdRequirement;
  /** Where the BankID app sends the user when done (same-device flow only). */
  returnUrl?: string;
  /** Ask BankID for its `risk` assessment in the completion data. */
  returnRisk?: boolean;
  /** At most one of `app` and `web`. */
  app?: BankIdAppDevice;
  web?: BankIdWebDevice;
}

export interface BankIdAuthInput extends BankIdDeviceOrderOptions {
  /** Context shown to the user while identifying, plain text. */
  userVisibleData?: string;
}

export interface BankIdSignInput extends BankIdDeviceOrderOptions {
  /** What the user signs, shown in the BankID app; plain text (or simpleMarkdownV1). */
  userVisibleData: string;
}

/** Who made the phone call: the user called us, or we ("RP") called the user. */
export type BankIdCallInitiator = 'user' | 'RP';

interface BankIdPhoneOrderOptions extends BankIdOrderOptions {
  /** 12 digits, YYYYMMDDNNNN: the phone flows always name the person. */
  personalNumber: string;
  callInitiator: BankIdCallInitiator;
  requirement?: BankIdPhoneRequirement;
}

export interface BankIdPhoneAuthInput extends BankIdPhoneOrderOptions {
  userVisibleData?: string;
}

export interface BankIdPhoneSignInput extends BankIdPhoneOrderOptions {
  userVisibleData: string;
}

/** `/auth` and `/sign`: the tokens for the same-device autostart link and for the animated QR code. */
export interface BankIdStartResult {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

/** `/phone/auth` and `/phone/sign`: the user opens the BankID app themselves, so there is only the order. */
export interface BankIdPhoneStartResult {
  orderRef: string;
}

// `(string & {})` keeps editor completion for the known codes while accepting codes BankID adds later.
type OpenString = string & {};

/** Pending hint codes documented for collect; BankID may add more, which get a generic "in progress" message. */
export type BankIdPendingHintCode =
  | 'outstandingTransaction'
  | 'noClient'
  | 'started'
  | 'userMrtd'
  | 'userCallConfirm'
  | 'userSign'
  | OpenString;

/** Failed hint codes documented for collect; BankID may add more, which get a generic failure message. */
export type BankIdFailedHintCode =
  | 'expiredTransaction'
  | 'certificateErr'
  | 'userCancel'
  | 'cancelled'
  | 'startFailed'
  | 'userDeclinedCall'
  | 'notSupportedByUserApp'
  | OpenString;

export type BankIdRisk = 'low' | 'moderate' | 'high' | OpenString;

export interface BankIdCompletionData {
  user: {
    /** 12 digits, YYYYMMDDNNNN. */
    personalNumber: string;
    name: string;
    givenName: string;
    surname: string;
  };
  device: {
    /** The IP address of the user's device as BankID saw it. */
    ipAddress: string;
    /** Unique hardware identifier of the user's device, when BankID has one. */
    uhi?: string;
  };
  /** The date the user's BankID was issued, YYYY-MM-DD. */
  bankIdIssueDate: string;
  /** Present when the order required an extra step, e.g. `{ mrtd: true }` after an ID document check. */
  stepUp?: { mrtd: boolean };
  /** The signature (base64 of an XML signature document), to be kept as evidence. */
  signature: string;
  /** The OCSP response proving the user's certificate was valid at signing time, base64. */
  ocspResponse: string;
  /** Only when `returnRisk` was set. */
  risk?: BankIdRisk;
}

export type BankIdCollectResult =
  | { orderRef: string; status: 'pending'; hintCode: BankIdPendingHintCode }
  | { orderRef: string; status: 'failed'; hintCode: BankIdFailedHintCode }
  | { orderRef: string; status: 'complete'; completionData: BankIdCompletionData };

/** The BankID Relying Party API; failures are thrown as `BankIdError`. */
export interface BankIdClient {
  auth(input: BankIdAuthInput): Promise<BankIdStartResult>;
  sign(input: BankIdSignInput): Promise<BankIdStartResult>;
  phoneAuth(input: BankIdPhoneAuthInput): Promise<BankIdPhoneStartResult>;
  phoneSign(input: BankIdPhoneSignInput): Promise<BankIdPhoneStartResult>;
  /** BankID asks relying parties to collect every two seconds while the order is pending. */
  collect(orderRef: string): Promise<BankIdCollectResult>;
  cancel(orderRef: string): Promise<void>;
}
