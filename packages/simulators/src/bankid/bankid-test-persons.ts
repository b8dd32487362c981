/*
 * The people a tester can be in the simulator. Personal numbers (personnummer) are 12 digits, YYYYMMDDNNNC, as
 * BankID's API uses them; the check digit C is the Luhn digit of the 10-digit form YYMMDDNNN, as the Swedish
 * Tax Agency (Skatteverket, SKV 704) defines it. These are made up, not real people.
 */

export interface BankIdTestPerson {
  personalNumber: string;
  givenName: string;
  surname: string;
  /** When the person's BankID was issued, as collect's `bankIdIssueDate` reports it. */
  bankIdIssueDate: string;
  /** The device's stable identifier in collect's `device.uhi`. */
  uhi: string;
  /** Under 18: the sign flow must still work, but the product may treat minors differently. */
  isMinor: boolean;
}

const PERSONS: Omit<BankIdTestPerson, 'isMinor'>[] = [
  {
    personalNumber: '199001011239',
    givenName: 'Anna',
    surname: 'Andersson',
    bankIdIssueDate: '2021-03-14',
    uhi: 'OZvYM9VvyiAmG7NA5jU5zRGcJ9Sm',
  },
  {
    personalNumber: '198507142381',
    givenName: 'Erik',
    surname: 'Johansson',
    bankIdIssueDate: '2019-11-02',
    uhi: 'kZ3pE1m8QWv0sL2tR9yB4xN7cD5f',
  },
  {
    personalNumber: '197212312396',
    givenName: 'Maria',
    surname: 'Karlsson',
    bankIdIssueDate: '2023-06-20',
    uhi: 'aH6jK2lM8nP4qR1sT7uV3wX9yZ0b',
  },
  {
    personalNumber: '201205052382',
    givenName: 'Lisa',
    surname: 'Lind',
    bankIdIssueDate: '2024-05-06',
    uhi: 'Qe4rT8yU2iO6pA1sD5fG9hJ3kL7z',
  },
  {
    personalNumber: '196803152393',
    givenName: 'Johan',
    surname: 'Svensson',
    bankIdIssueDate: '2018-01-29',
    uhi: 'Wm5nB0vC4xZ8aS2dF6gH1jK9lP3o',
  },
];

/** The Luhn check digit of a digit string (weights 2,1,2,1… from the left, as for a 9-digit personnummer body). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 12-digit personal number with a real calendar date and a correct check digit. */
export function isValidPersonalNumber(personalNumber: string): boolean {
  if (!/^\d{12}$/.test(personalNumber)) return false;
  const year = Number(personalNumber.slice(0, 4));
  const month = Number(personalNumber.slice(4, 6));
  // Samordningsnummer add 60 to the day; BankID accepts those too.
  const rawDay = Number(personalNumber.slice(6, 8));
  const day = rawDay > 60 ? rawDay - 60 : rawDay;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return luhnCheckDigit(personalNumber.slice(2, 11)) === Number(personalNumber[11]);
}

function ageOn(personalNumber: string, at: Date): number {
  const year = Number(personalNumber.slice(0, 4));
  const monthDay = Number(personalNumber.slice(4, 8));
  const atMonthDay = (at.getUTCMonth() + 1) * 100 + at.getUTCDate();
  return at.getUTCFullYear() - year - (atMonthDay < monthDay ? 1 : 0);
}

/** The test persons, with `isMinor` as of `at` (default now). */
export function listBankIdTestPersons(at: Date = new Date()): BankIdTestPerson[] {
  return PERSONS.map((person) => ({ ...person, isMinor: ageOn(person.personalNumber, at) < 18 }));
}

export function findBankIdTestPerson(personalNumber: string, at?: Date): BankIdTestPerson | undefined {
  return listBankIdTestPersons(at).find((person) => person.personalNumber === personalNumber);
}
