import {
  formatPersonalNumber,
  type PersonalNumber,
  parsePersonalNumber,
} from '@signlink/contracts/validation/personal-number';
import type { BankIdCompletionData } from '@signlink/providers/bankid/bankid.port';
import { AppError } from '../../errors.ts';
import type { BankIdOrderRow } from './bankid-orders.repository.ts';

export interface ConfirmedIdentity {
  personalNumber: PersonalNumber;
  /** As the API shows it: personal number as YYYYMMDD-XXXX (SPEC section 5). */
  user: { PersonalNumber: string; Name: string; GivenName: string; Surname: string };
}

/** The person BankID confirmed for a completed order. */
export function confirmedIdentity(order: BankIdOrderRow): ConfirmedIdentity {
  const user = (order.completionData as unknown as BankIdCompletionData | null)?.user;
  const personalNumber = user ? parsePersonalNumber(user.personalNumber) : undefined;
  if (!user || !personalNumber) throw new AppError('INVALID_PERSONAL_NUMBER');
  return {
    personalNumber,
    user: {
      PersonalNumber: formatPersonalNumber(personalNumber),
      Name: user.name,
      GivenName: user.givenName,
      Surname: user.surname,
    },
  };
}
