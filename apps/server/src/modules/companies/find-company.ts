import { formatOrgNumber } from '@signlink/contracts/validation/org-number';
import type { CompanyRegistry, RegisteredCompany } from '@signlink/providers/company-registry/company-registry.port';
import { AppError } from '../../errors.ts';

/** The registry's company, undefined when it has none; an absent or failing registry is "company lookup failed". */
export async function findCompany(
  registry: CompanyRegistry | undefined,
  orgNumber: string,
): Promise<RegisteredCompany | undefined> {
  if (!registry) throw new AppError('COMPANY_LOOKUP_FAILED', { details: { reason: 'registry-not-configured' } });
  try {
    return await registry.findCompany(orgNumber);
  } catch (error) {
    throw new AppError('COMPANY_LOOKUP_FAILED', { cause: error });
  }
}

/** The registry's company as the API shows it (SPEC section 3 field names), organisation number as NNNNNN-NNNN. */
export function presentCompany(company: RegisteredCompany) {
  return {
    OrgNumber: formatOrgNumber(company.orgNumber),
    LegalName: company.legalName,
    LegalForm: company.legalForm,
    Address: {
      Street: company.address.street,
      ...(company.address.addressLine2 ? { AddressLine2: company.address.addressLine2 } : {}),
      ZipCode: company.address.zipCode,
      City: company.address.city,
      CountryCode: company.address.countryCode,
    },
  };
}
