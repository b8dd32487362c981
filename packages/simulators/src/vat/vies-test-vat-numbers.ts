import { type SimCompany, testCompanies } from '../company-registry/company-registry-test-companies.ts';

/*
 * The VAT numbers the VIES simulator knows as registered. The Swedish ones belong to the company registry simulator's
 * test companies, with the same names and addresses, so that "VAT number must match the company data exactly" (SPEC
 * section 5) can be tested end to end; the foreign ones stand for customers abroad ("Foreign companies need a VAT
 * number"). Like the organisation numbers, they are made up in the right form but not reserved: a real company may
 * hold the same number, so they belong to the simulator only.
 */

export interface SimVatRegistration {
  /** VIES's prefix, e.g. `SE`, `EL`. */
  countryCode: string;
  /** The national part, e.g. `559100001201`. */
  vatNumber: string;
  /** As the member state shares it with VIES; absent when it does not share it, and VIES then answers `---`. */
  name?: string;
  /** Lines separated by `\n`, as VIES answers addresses; absent as `name` is. */
  address?: string;
}

/**
 * Skatteverket's VAT number for a Swedish company (the organisation number and 01), with the registered name and the
 * address written as Swedish post writes it: c/o line, street, "NNN NN TOWN".
 */
function swedishRegistration(company: SimCompany): SimVatRegistration {
  const { street, coAddress, zipCode, town } = company.address;
  const lines = [coAddress, street, `${zipCode.slice(0, 3)} ${zipCode.slice(3)} ${town}`].filter(Boolean);
  return { countryCode: 'SE', vatNumber: `${company.orgNumber}01`, name: company.legalName, address: lines.join('\n') };
}

export const testVatNumbers = {
  /** SE559100001201, Andersson Konsult AB. */
  annaSignatory: swedishRegistration(testCompanies.annaSignatory),
  /** SE559100002001, Johansson Fastigheter AB; the address has a c/o line. */
  erikBeneficialOwner: swedishRegistration(testCompanies.erikBeneficialOwner),
  /** SE559100003801, Karlsson Bygg AB. */
  mariaBoardMember: swedishRegistration(testCompanies.mariaBoardMember),
  /** SE559100004601, Nordlund Handel AB. */
  withoutTestPersons: swedishRegistration(testCompanies.withoutTestPersons),
  /** A Finnish company; Finland shares name and address. */
  finnishCompany: {
    countryCode: 'FI',
    vatNumber: '29170118',
    name: 'Virtasen Ohjelmistot Oy',
    address: 'Mannerheimintie 12 B 5\n00100 HELSINKI',
  },
  /** A Danish company; Denmark shares name and address. */
  danishCompany: {
    countryCode: 'DK',
    vatNumber: '41225618',
    name: 'Nielsen Design ApS',
    address: 'Vesterbrogade 10\n1620 København V',
  },
  /** A German company: valid, but Germany does not share names and addresses through VIES. */
  germanCompany: { countryCode: 'DE', vatNumber: '287563419' },
  /** A Spanish company: valid, and Spain does not share them either. */
  spanishCompany: { countryCode: 'ES', vatNumber: 'B87654321' },
} satisfies Record<string, SimVatRegistration>;

/**
 * Avvecklat Exempel AB's number. A VAT registration ends with the company, so VIES answers `valid: false`, as for any
 * well-formed number it does not know.
 */
export const DEREGISTERED_COMPANY_VAT_NUMBER = `SE${testCompanies.deregistered.orgNumber}01`;
/** Answered with MS_UNAVAILABLE, as when Skatteverket's system is down: the company registry's unavailable number. */
export const UNAVAILABLE_VAT_NUMBER = 'SE559999999101';
/** Never answered: the request hangs until the client gives up (or the simulator closes). */
export const HANGING_VAT_NUMBER = 'SE559999998301';

/** Fresh copies, so a test that changes one does not change them for the next. */
export function listTestVatNumbers(): SimVatRegistration[] {
  return Object.values(testVatNumbers).map((registration): SimVatRegistration => structuredClone(registration));
}
