import { isIP } from 'node:net';
import type {
  BankIdAuthInput,
  BankIdPhoneAuthInput,
  BankIdPhoneRequirement,
  BankIdPhoneSignInput,
  BankIdRequirement,
  BankIdSignInput,
} from './bankid.port.ts';
import { BankIdError } from './bankid-error.ts';

/*
 * The JSON bodies of /auth, /sign, /phone/auth and /phone/sign, built from plain-text input and checked before
 * they leave: a request BankID would refuse with `invalidParameters` fails here with the same code and no call.
 */

/**
 * Characters after base64, from BankID's API reference: the text shown while identifying is short; what is
 * signed may be long, and so may the hidden data (a document digest and metadata in our case).
 */
const LIMITS = {
  auth: { userVisibleData: 1_500, userNonVisibleData: 1_500 },
  sign: { userVisibleData: 40_000, userNonVisibleData: 200_000 },
} as const;

const PERSONAL_NUMBER = /^\d{12}$/;

type Body = Record<string, unknown>;
type Limits = (typeof LIMITS)[keyof typeof LIMITS];

export function authBody(input: BankIdAuthInput): Body {
  return { ...deviceFields(input), ...userDataFields(input, LIMITS.auth, false) };
}

export function signBody(input: BankIdSignInput): Body {
  return { ...deviceFields(input), ...userDataFields(input, LIMITS.sign, true) };
}

export function phoneAuthBody(input: BankIdPhoneAuthInput): Body {
  return { ...phoneFields(input), ...userDataFields(input, LIMITS.auth, false) };
}

export function phoneSignBody(input: BankIdPhoneSignInput): Body {
  return { ...phoneFields(input), ...userDataFields(input, LIMITS.sign, true) };
}

export function orderRefBody(orderRef: string): Body {
  if (typeof orderRef !== 'string' || orderRef.length === 0) invalid('orderRef is required');
  return { orderRef };
}

function deviceFields(input: BankIdAuthInput | BankIdSignInput): Body {
  if (typeof input.endUserIp !== 'string' || isIP(input.endUserIp) === 0) {
    invalid('endUserIp must be an IPv4 or IPv6 address');
  }
  if (input.app && input.web) invalid('give at most one of app and web');
  if (input.returnUrl !== undefined && !URL.canParse(input.returnUrl)) invalid('returnUrl must be an absolute URL');
  const body: Body = { endUserIp: input.endUserIp };
  if (input.requirement) body.requirement = requirementFields(input.requirement);
  if (input.returnUrl !== undefined) body.returnUrl = input.returnUrl;
  if (input.returnRisk !== undefined) body.returnRisk = input.returnRisk;
  if (input.app) body.app = input.app;
  if (input.web) body.web = input.web;
  return body;
}

function phoneFields(input: BankIdPhoneAuthInput | BankIdPhoneSignInput): Body {
  assertPersonalNumber(input.personalNumber, 'personalNumber');
  if (input.callInitiator !== 'user' && input.callInitiator !== 'RP') invalid("callInitiator must be 'user' or 'RP'");
  const body: Body = { personalNumber: input.personalNumber, callInitiator: input.callInitiator };
  if (input.requirement) body.requirement = phoneRequirementFields(input.requirement);
  return body;
}

function requirementFields(requirement: BankIdRequirement): Body {
  if (requirement.personalNumber !== undefined) {
    assertPersonalNumber(requirement.personalNumber, 'requirement.personalNumber');
  }
  return withoutUndefined({ ...requirement });
}

function phoneRequirementFields(requirement: BankIdPhoneRequirement): Body {
  // Only what /phone/* documents: a stray field (mrtd, personalNumber) would be refused by BankID.
  return withoutUndefined({ pinCode: requirement.pinCode, certificatePolicies: requirement.certificatePolicies });
}

function userDataFields(
  input: { userVisibleData?: string; userNonVisibleData?: Buffer | string; userVisibleDataFormat?: string },
  limits: Limits,
  isVisibleDataRequired: boolean,
): Body {
  const body: Body = {};
  if (input.userVisibleData === undefined) {
    if (isVisibleDataRequired) invalid('userVisibleData is required to sign');
    if (input.userVisibleDataFormat !== undefined) invalid('userVisibleDataFormat needs userVisibleData');
  } else {
    body.userVisibleData = encoded(input.userVisibleData, 'userVisibleData', limits.userVisibleData);
    if (input.userVisibleDataFormat !== undefined) body.userVisibleDataFormat = input.userVisibleDataFormat;
  }
  if (input.userNonVisibleData !== undefined) {
    body.userNonVisibleData = encoded(input.userNonVisibleData, 'userNonVisibleData', limits.userNonVisibleData);
  }
  return body;
}

function encoded(value: Buffer | string, field: string, maxBase64Length: number): string {
  const base64 = (typeof value === 'string' ? Buffer.from(value, 'utf8') : value).toString('base64');
  if (base64.length === 0) invalid(`${field} must not be empty`);
  if (base64.length > maxBase64Length) {
    invalid(`${field} is ${base64.length} characters in base64; BankID accepts at most ${maxBase64Length}`);
  }
  return base64;
}

function assertPersonalNumber(value: unknown, field: string): void {
  if (typeof value !== 'string' || !PERSONAL_NUMBER.test(value)) invalid(`${field} must be 12 digits, YYYYMMDDNNNN`);
}

function withoutUndefined(body: Body): Body {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

function invalid(details: string): never {
  throw new BankIdError({ errorCode: 'invalidParameters', details });
}
