/**
 * A company registry as Signlink uses it: one company by organisation number, with the people who may act for it
 * (SPEC section 5, the organisation-number check through BankID). Adapters turn the registry's own answers into
 * these shapes; people without a Swedish personal number (foreign officers, companies on a board) are left out,
 * since they are matched against BankID identities.
 */

/** Who a person is to the company: may sign for it (alone or jointly), sits on its board, or ultimately owns it. */
export type CompanyRole = 'authorised-signatory' | 'board-member' | 'beneficial-owner';

export interface CompanyOfficer {
  /** 12 digits, YYYYMMDDNNNN, as BankID reports it. */
  personalNumber: string;
  /** Given names, then surname. */
  name: string;
  /** At least one; each role once. */
  roles: CompanyRole[];
}

export interface CompanyAddress {
  street: string;
  addressLine2?: string;
  zipCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface RegisteredCompany {
  /** 10 digits. */
  orgNumber: string;
  legalName: string;
  /** As the registry words it, e.g. "Privat aktiebolag". */
  legalForm: string;
  status: 'active' | 'deregistered';
  address: CompanyAddress;
  /** One entry per person. */
  officers: CompanyOfficer[];
}

export interface CompanyRegistry {
  /** undefined: no such company. Throws CompanyRegistryError when the registry cannot answer. */
  findCompany(orgNumber: string): Promise<RegisteredCompany | undefined>;
}
