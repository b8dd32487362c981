import { isIP } from 'node:net';
import { invalidParameters } from './bankid-errors.ts';
import { isValidPersonalNumber } from './bankid-test-persons.ts';

/*
 * The request bodies of RP API v6.0 /auth, /sign, /phone/auth and /phone/sign, checked as strictly as BankID
 * checks them: a wrong type or value is `invalidParameters`, never ignored.
 */

export type BankIdOrderKind = 'auth' | 'sign' | 'phone/auth' | 'phone/sign';

export interface BankIdRequirement {
  personalNumber?: string;
  pinCode?: boolean;
  mrtd?: boolean;
  cardReader?: 'class1' | 'class2';
  certificatePolicies?: string[];
}

export interface BankIdOrderRequest {
  kind: BankIdOrderKind;
  /** Absent for phone orders, which have no end-user browser. */
  endUserIp?: string;
  /** The requirement's personal number, or the phone order's. */
  personalNumber?: string;
  callInitiator?: 'user' | 'RP';
  requirement?: BankIdRequirement;
  /** Base64 as sent; `userVisibleText` is its decoded text. */
  userVisibleData?: string;
  userVisibleText?: string;
  userNonVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1';
  returnUrl?: string;
  returnRisk?: boolean;
}

// BankID counts these limits in base64 characters: the text to show, 1 500 for auth and 40 000 for sign;
// the data not shown, 200 000 (the same bounds our client checks before sending).
const MAX_VISIBLE_BASE64 = { auth: 1_500, sign: 40_000 } as const;
const MAX_NON_VISIBLE_BASE64 = 200_000;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CERTIFICATE_POLICY = /^\d+(?:\.\d+)+$/;

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || typeof value === 'boolean') return value;
  throw invalidParameters(`Invalid ${field}`);
}

function decodeBase64(value: unknown, field: string): Buffer {
  if (typeof value !== 'string' || value.length === 0 || !BASE64.test(value)) {
    throw invalidParameters(`Invalid ${field}`);
  }
  return Buffer.from(value, 'base64');
}

function parseRequirement(value: unknown, kind: BankIdOrderKind): BankIdRequirement | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw invalidParameters('Invalid requirement');
  const requirement: BankIdRequirement = {};
  const { personalNumber, cardReader, certificatePolicies } = value;
  // Phone orders name the person outside the requirement, and a phone cannot show a passport check.
  const isPhone = kind.startsWith('phone/');
  if (personalNumber !== undefined) {
    if (isPhone || typeof personalNumber !== 'string' || !isValidPersonalNumber(personalNumber)) {
      throw invalidParameters('Invalid requirement.personalNumber');
    }
    requirement.personalNumber = personalNumber;
  }
  const pinCode = optionalBoolean(value, 'pinCode');
  if (pinCode !== undefined) requirement.pinCode = pinCode;
  const mrtd = optionalBoolean(value, 'mrtd');
  if (mrtd !== undefined) {
    if (isPhone) throw invalidParameters('Invalid requirement.mrtd');
    requirement.mrtd = mrtd;
  }
  if (cardReader !== undefined) {
    if (cardReader !== 'class1' && cardReader !== 'class2') throw invalidParameters('Invalid requirement.cardReader');
    requirement.cardReader = cardReader;
  }
  if (certificatePolicies !== undefined) {
    const isValid =
      Array.isArray(certificatePolicies) &&
      certificatePolicies.every((policy) => typeof policy === 'string' && CERTIFICATE_POLICY.test(policy));
    if (!isValid) throw invalidParameters('Invalid requirement.certificatePolicies');
    requirement.certificatePolicies = certificatePolicies as string[];
  }
  return requirement;
}

function parseUserData(body: Body, request: BankIdOrderRequest): void {
  const { userVisibleData, userNonVisibleData, userVisibleDataFormat } = body;
  if (userVisibleData === undefined) {
    if (request.kind.endsWith('sign')) throw invalidParameters('Missing userVisibleData');
  } else {
    const text = new TextDecoder('utf-8', { fatal: true });
    let decoded: string;
    try {
      decoded = text.decode(decodeBase64(userVisibleData, 'userVisibleData'));
    } catch {
      throw invalidParameters('Invalid userVisibleData');
    }
    const limit = request.kind.endsWith('sign') ? MAX_VISIBLE_BASE64.sign : MAX_VISIBLE_BASE64.auth;
    if (decoded.length === 0 || (userVisibleData as string).length > limit) {
      throw invalidParameters('Invalid userVisibleData');
    }
    request.userVisibleData = userVisibleData as string;
    request.userVisibleText = decoded;
  }
  if (userNonVisibleData !== undefined) {
    decodeBase64(userNonVisibleData, 'userNonVisibleData');
    if ((userNonVisibleData as string).length > MAX_NON_VISIBLE_BASE64) {
      throw invalidParameters('Invalid userNonVisibleData');
    }
    request.userNonVisibleData = userNonVisibleData as string;
  }
  if (userVisibleDataFormat !== undefined) {
    if (userVisibleDataFormat !== 'simpleMarkdownV1' || userVisibleData === undefined) {
      throw invalidParameters('Invalid userVisibleDataFormat');
    }
    request.userVisibleDataFormat = userVisibleDataFormat;
  }
}

/** The order a request asks for, or an `invalidParameters` error naming the first bad field. */
export function parseOrderRequest(kind: BankIdOrderKind, body: unknown): BankIdOrderRequest {
  if (!isObject(body)) throw invalidParameters('Invalid request body');
  const request: BankIdOrderRequest = { kind };

  if (kind === 'phone/auth' || kind === 'phone/sign') {
    const { personalNumber, callInitiator } = body;
    if (typeof personalNumber !== 'string' || !isValidPersonalNumber(personalNumber)) {
      throw invalidParameters('Invalid personalNumber');
    }
    if (callInitiator !== 'user' && callInitiator !== 'RP') throw invalidParameters('Invalid callInitiator');
    request.personalNumber = personalNumber;
    request.callInitiator = callInitiator;
  } else {
    const { endUserIp, returnUrl, app, web } = body;
    if (typeof endUserIp !== 'string' || isIP(endUserIp) === 0) throw invalidParameters('Invalid endUserIp');
    request.endUserIp = endUserIp;
    if (returnUrl !== undefined) {
      if (typeof returnUrl !== 'string' || !URL.canParse(returnUrl)) throw invalidParameters('Invalid returnUrl');
      request.returnUrl = returnUrl;
    }
    if (app !== undefined && web !== undefined) throw invalidParameters('Only one of app and web may be given');
    if (app !== undefined && !isObject(app)) throw invalidParameters('Invalid app');
    if (web !== undefined && !isObject(web)) throw invalidParameters('Invalid web');
    const returnRisk = optionalBoolean(body, 'returnRisk');
    if (returnRisk !== undefined) request.returnRisk = returnRisk;
  }

  const requirement = parseRequirement(body.requirement, kind);
  if (requirement) {
    request.requirement = requirement;
    if (requirement.personalNumber) request.personalNumber = requirement.personalNumber;
  }
  parseUserData(body, request);
  return request;
}
