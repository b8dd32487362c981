import type { UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { formatPersonalNumber, parsePersonalNumber } from '@signlink/contracts/validation/personal-number';
import type { PreferencesRow } from './user-preferences.repository.ts';

/** Hashes never leave the server: only whether each way in is set up. */
export function presentPreferences(row: PreferencesRow): UserPreferences {
  const personalNumber = row.personalNumber ? parsePersonalNumber(row.personalNumber) : undefined;
  return {
    Name: row.name,
    Email: row.email,
    PhoneNumber: row.phone,
    PersonalNumber: personalNumber ? formatPersonalNumber(personalNumber) : null,
    Language: row.locale,
    HasPassword: row.passwordHash !== null,
    HasPin: row.pinHash !== null,
    HasBankId: row.personalNumber !== null,
  };
}
