import type { CompanyOfficer, CompanyRole, RegisteredCompany } from './company-registry.port.ts';
import { invalidAnswer } from './roaring-http.ts';

/*
 * Roaring's JSON turned into a RegisteredCompany. The field names are those of Roaring's published answers (see
 * roaring.adapter.ts for which document shows which); fields we do not use are ignored, so additions do not break us.
 */

type Json = Record<string, unknown>;

export interface RoaringCompanyAnswers {
  orgNumber: string;
  /** The one record of the Overview 2.0 answer. */
  overview: Json;
  /** Records of the Board Members, Signing Combinations and Beneficial Owner answers; empty when Roaring has none. */
  boardMembers: Json[];
  signingCombinations: Json[];
  beneficialOwners: Json[];
}

// Roaring's role code for a deputy board member (roleName "Suppleant", in its board member and signing combination
// examples alike). A deputy steps in only when a member is absent, so is not a board member in their own right.
const DEPUTY_ROLE_CODE = '10';
const SWEDEN = 'SE';

/**
 * `records` of a Roaring 2.x answer. `status.code` 1 ("not found") or an empty list mean Roaring has nothing, which
 * some APIs answer with HTTP 200 rather than 404.
 */
export function recordsOf(what: string, body: unknown): Json[] {
  if (!isObject(body)) throw invalidAnswer(what, 'not an object');
  if (isObject(body.status) && body.status.code === 1) return [];
  if (!Array.isArray(body.records)) throw invalidAnswer(what, 'records missing');
  return body.records.filter(isObject);
}

export function toRegisteredCompany(answers: RoaringCompanyAnswers): RegisteredCompany {
  const { overview } = answers;
  const legalName = text(overview.companyName);
  if (!legalName) throw invalidAnswer('overview', 'companyName missing');
  const coAddress = text(overview.coAddress);
  return {
    orgNumber: answers.orgNumber,
    legalName,
    legalForm: text(overview.legalGroupText) || text(overview.legalGroupCode),
    // Roaring sets a deregistration date once Bolagsverket has struck the company off; until then it is registered,
    // in liquidation or bankruptcy too (its signatories are then the liquidator's, as the combinations show).
    status: text(overview.companyDeregistrationDate) ? 'deregistered' : 'active',
    address: {
      street: text(overview.address),
      ...(coAddress ? { addressLine2: coAddress } : {}),
      zipCode: text(overview.zipCode),
      city: text(overview.town),
      countryCode: SWEDEN,
    },
    officers: collectOfficers(answers),
  };
}

function collectOfficers(answers: RoaringCompanyAnswers): CompanyOfficer[] {
  const officers = new Map<string, { name: string; roles: Set<CompanyRole> }>();
  const add = (person: unknown, role: CompanyRole) => {
    if (!isObject(person)) return;
    const personalNumber = text(person.personalNumber);
    // Foreign officers and companies on a board have no Swedish personal number; no BankID identity can match them.
    if (!/^\d{12}$/.test(personalNumber)) return;
    const officer = officers.get(personalNumber) ?? { name: personName(person), roles: new Set<CompanyRole>() };
    officer.roles.add(role);
    officers.set(personalNumber, officer);
  };

  // Board members first: their answer splits the name into given names and surname, the others do not.
  for (const record of answers.boardMembers) {
    for (const member of arrayOf(record.boardMembers)) {
      if (isObject(member) && String(member.roleCode) !== DEPUTY_ROLE_CODE) add(member, 'board-member');
    }
  }
  // Each combination is a group of people who sign together; anyone in one may take part in signing for the company.
  for (const record of answers.signingCombinations) {
    for (const combination of arrayOf(record.combinations)) {
      for (const person of arrayOf(combination)) add(person, 'authorised-signatory');
    }
  }
  for (const record of answers.beneficialOwners) {
    for (const owner of arrayOf(record.beneficialOwners)) add(owner, 'beneficial-owner');
  }

  return [...officers].map(([personalNumber, officer]) => ({
    personalNumber,
    name: officer.name,
    roles: [...officer.roles],
  }));
}

/** `firstName` and `surName` where Roaring splits them; otherwise its `name`, written "Surname, Given names". */
function personName(person: Json): string {
  const split = [text(person.firstName), text(person.surName)].filter(Boolean).join(' ');
  if (split) return split;
  const [surname = '', given = ''] = text(person.name)
    .split(',')
    .map((part) => part.trim());
  return given ? `${given} ${surname}` : surname;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
