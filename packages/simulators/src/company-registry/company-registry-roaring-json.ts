import type { SimCompany, SimCompanyOfficer } from './company-registry-test-companies.ts';

/*
 * A SimCompany in the JSON of Roaring's Swedish company APIs, the 2.x answers the real adapter reads
 * (packages/providers/src/company-registry/roaring.adapter.ts lists the documents each shape comes from). Each
 * answer is `{ records, status }`; `status.code` is 0 for found.
 */

const FOUND = { code: 0, text: 'Found' };
// Roaring's role codes in its board member and signing combination examples.
const MEMBER = { roleCode: 5, roleName: 'Ledamot' };
const DEPUTY = { roleCode: 10, roleName: 'Suppleant' };

export function overviewAnswer(company: SimCompany) {
  const isDeregistered = company.deregistrationDate !== undefined;
  return {
    records: [
      {
        companyId: company.orgNumber,
        companyName: company.legalName,
        legalGroupCode: company.legalGroupCode,
        legalGroupText: company.legalGroupText,
        companyRegistrationDate: company.registrationDate,
        ...(isDeregistered ? { companyDeregistrationDate: company.deregistrationDate } : {}),
        // The status code of a struck-off company is not in the examples we had; the texts say what it is.
        ...(isDeregistered
          ? { statusTextHigh: 'Inaktivt', statusTextDetailed: 'Avregistrerad' }
          : { statusCode: '100', statusTextHigh: 'Aktivt', statusTextDetailed: 'Aktivt' }),
        address: company.address.street,
        ...(company.address.coAddress ? { coAddress: company.address.coAddress } : {}),
        zipCode: company.address.zipCode,
        town: company.address.town,
        changeDate: company.deregistrationDate ?? company.registrationDate,
      },
    ],
    status: FOUND,
  };
}

export function boardMembersAnswer(company: SimCompany) {
  const boardMembers = company.officers.flatMap((officer) => {
    const role = officer.roles.includes('board-member')
      ? MEMBER
      : officer.roles.includes('deputy-board-member')
        ? DEPUTY
        : undefined;
    if (!role) return [];
    return [
      {
        // Roaring's short form of the person's id: the personal number without the century.
        boardMemberCompanyId: officer.personalNumber.slice(2),
        personalNumber: officer.personalNumber,
        firstName: officer.givenName,
        surName: officer.surname,
        roleCode: String(role.roleCode),
        roleName: role.roleName,
        fromDate: company.registrationDate,
      },
    ];
  });
  return {
    records: [{ companyId: company.orgNumber, changeDate: company.registrationDate, boardMembers }],
    status: FOUND,
  };
}

/** Every signatory signs alone ("var för sig"), so each is a combination of one. */
export function signingCombinationsAnswer(company: SimCompany) {
  const combinations = company.officers
    .filter((officer) => officer.roles.includes('authorised-signatory'))
    .map((officer) => [
      {
        name: rosterName(officer),
        personalNumber: officer.personalNumber,
        positions: officer.roles.includes('board-member') ? [MEMBER] : [],
        anomalies: null,
      },
    ]);
  return {
    records: [
      {
        companyId: company.orgNumber,
        changeDate: company.registrationDate,
        coverage: 'complete',
        adminSign: null,
        combinations,
      },
    ],
    status: FOUND,
  };
}

export function beneficialOwnersAnswer(company: SimCompany) {
  const beneficialOwners = company.officers
    .filter((officer) => officer.roles.includes('beneficial-owner'))
    .map((officer) => ({ personalNumber: officer.personalNumber, name: rosterName(officer) }));
  return {
    records: [{ companyId: company.orgNumber, companyName: company.legalName, beneficialOwners }],
    status: FOUND,
  };
}

/** Roaring's `{ error, message }` for failures of its APIs (`ServerError`, `BadRequest`). */
export function roaringErrorBody(error: string, message: string) {
  return { error, message };
}

/** "Surname, Given names", as Roaring writes `name`. */
function rosterName(officer: SimCompanyOfficer): string {
  return `${officer.surname}, ${officer.givenName}`;
}
