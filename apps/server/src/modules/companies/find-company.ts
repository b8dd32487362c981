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
