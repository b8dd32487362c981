/*
 * The companies the company registry simulator knows. Their officers are the BankID simulator's test persons
 * (bankid-test-persons.ts) plus two made-up people who are not BankID test persons, so that each company gives the
 * organisation-number check one clear answer per test person. Organisation numbers are 10 digits whose last is the
 * Luhn check digit of the first nine, as Bolagsverket issues them. They are made up, like the people, but no range is
 * reserved for tests: a real company may hold the same number, so they belong to the simulator only.
 */

/** Roles as the simulator stores them; a deputy board member is kept apart, as Roaring lists them apart. */
export type SimCompanyRole = 'authorised-signatory' | 'board-member' | 'deputy-board-member' | 'beneficial-owner';

export interface SimCompanyOfficer {
  /** 12 digits, YYYYMMDDNNNN. */
  personalNumber: string;
  givenName: string;
  surname: string;
  roles: SimCompanyRole[];
}

export interface SimCompany {
  /** 10 digits. */
  orgNumber: string;
  legalName: string;
  /** Roaring's company type code and text, e.g. `AB`, "Privat aktiebolag". */
  legalGroupCode: string;
  legalGroupText: string;
  /** YYYY-MM-DD. */
  registrationDate: string;
  /** YYYY-MM-DD; set once the company is struck off. */
  deregistrationDate?: string;
  address: { street: string; coAddress?: string; zipCode: string; town: string };
  officers: SimCompanyOfficer[];
}

const anna = { personalNumber: '199001011239', givenName: 'Anna', surname: 'Andersson' };
const erik = { personalNumber: '198507142381', givenName: 'Erik', surname: 'Johansson' };
const maria = { personalNumber: '197212312396', givenName: 'Maria', surname: 'Karlsson' };
/** Not BankID test persons: nobody can log in as them. */
const karinBerg = { personalNumber: '197506123244', givenName: 'Karin', surname: 'Berg' };
const olofLund = { personalNumber: '198203043552', givenName: 'Olof', surname: 'Lund' };

const privateLimitedCompany = { legalGroupCode: 'AB', legalGroupText: 'Privat aktiebolag' };

export const testCompanies = {
  /** Anna Andersson signs alone and sits on the board. */
  annaSignatory: {
    orgNumber: '5591000012',
    legalName: 'Andersson Konsult AB',
    ...privateLimitedCompany,
    registrationDate: '2015-03-02',
    address: { street: 'Storgatan 1', zipCode: '11122', town: 'STOCKHOLM' },
    officers: [{ ...anna, roles: ['authorised-signatory', 'board-member'] }],
  },
  /** Erik Johansson is only the beneficial owner; Karin Berg runs the company. The address has a c/o line. */
  erikBeneficialOwner: {
    orgNumber: '5591000020',
    legalName: 'Johansson Fastigheter AB',
    ...privateLimitedCompany,
    registrationDate: '2012-09-17',
    address: { street: 'Kungsgatan 12', coAddress: 'c/o Berg Redovisning', zipCode: '41119', town: 'GÖTEBORG' },
    officers: [
      { ...karinBerg, roles: ['authorised-signatory', 'board-member'] },
      { ...erik, roles: ['beneficial-owner'] },
    ],
  },
  /** Maria Karlsson is only a board member: she cannot sign for the company and does not own it. */
  mariaBoardMember: {
    orgNumber: '5591000038',
    legalName: 'Karlsson Bygg AB',
    ...privateLimitedCompany,
    registrationDate: '2018-01-10',
    address: { street: 'Drottninggatan 5', zipCode: '21111', town: 'MALMÖ' },
    officers: [
      { ...karinBerg, roles: ['authorised-signatory', 'board-member', 'beneficial-owner'] },
      { ...maria, roles: ['board-member'] },
      { ...olofLund, roles: ['deputy-board-member'] },
    ],
  },
  /** No BankID test person is an officer: Johan Svensson (and everyone else) fails the check here. */
  withoutTestPersons: {
    orgNumber: '5591000046',
    legalName: 'Nordlund Handel AB',
    ...privateLimitedCompany,
    registrationDate: '2020-11-23',
    address: { street: 'Norrlandsgatan 20', zipCode: '90326', town: 'UMEÅ' },
    officers: [{ ...olofLund, roles: ['authorised-signatory', 'board-member', 'beneficial-owner'] }],
  },
  /** Struck off: Anna Andersson was its signatory, which no longer counts. */
  deregistered: {
    orgNumber: '5591000053',
    legalName: 'Avvecklat Exempel AB',
    ...privateLimitedCompany,
    registrationDate: '2009-05-04',
    deregistrationDate: '2023-06-30',
    address: { street: 'Fabriksgatan 3', zipCode: '70210', town: 'ÖREBRO' },
    officers: [{ ...anna, roles: ['authorised-signatory', 'board-member'] }],
  },
} satisfies Record<string, SimCompany>;

/** Every API call about this company answers 503, as when the registry is down ("company lookup failed"). */
export const UNAVAILABLE_ORG_NUMBER = '5599999991';
/** A well-formed organisation number (valid check digit) that no company has: the registry answers 404. */
export const UNREGISTERED_ORG_NUMBER = '5591000061';

/** Fresh copies, so a test that changes one does not change them for the next. */
export function listTestCompanies(): SimCompany[] {
  return Object.values(testCompanies).map((company): SimCompany => structuredClone(company));
}
