import { limits } from '../constants.ts';

/**
 * Swedish personal identity numbers (personnummer) and coordination numbers (samordningsnummer), SPEC section 5:
 * `YYYYMMDD-NNNC`, `YYYYMMDDNNNC`, `YYMMDD-NNNC`, `YYMMDDNNNC` and `YYMMDD+NNNC`. The last digit C is the Luhn check
 * digit of the 10-digit form; a coordination number adds 60 to the day of birth.
 */
export interface PersonalNumber {
  /** YYYYMMDDNNNC: the 12 digits BankID sends in `completionData.user.personalNumber` and takes in `requirement`. */
  digits: string;
  /** The date of birth (for a coordination number, with 60 taken off the day). */
  birthDate: { year: number; month: number; day: number };
  isCoordinationNumber: boolean;
}

const COORDINATION_DAY_OFFSET = 60;
const PATTERN = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/;

/**
 * The number, or undefined when it is malformed, names no real date or fails its check digit. `today` (default now)
 * fixes the century of the 10-digit forms: `-` means born within the last 99 calendar years, `+` (written from the
 * year a person turns 100) a century earlier.
 */
export function parsePersonalNumber(input: string, options: { today?: Date } = {}): PersonalNumber | undefined {
  const match = PATTERN.exec(input.trim());
  if (!match) return undefined;
  const [, century, yy, mm, dd, separator, serial, check] = match as unknown as [
    string,
    string | undefined,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // A 12-digit number states its century; a `+` there contradicts it.
  if (century !== undefined && separator === '+') return undefined;
  if (luhnCheckDigit(`${yy}${mm}${dd}${serial}`) !== Number(check)) return undefined;

  const year = century !== undefined ? Number(`${century}${yy}`) : resolveYear(Number(yy), separator, options.today);
  const month = Number(mm);
  const rawDay = Number(dd);
  const isCoordinationNumber = rawDay > COORDINATION_DAY_OFFSET;
  const day = isCoordinationNumber ? rawDay - COORDINATION_DAY_OFFSET : rawDay;
  if (!isCalendarDate(year, month, day)) return undefined;

  return {
    digits: `${String(year).padStart(4, '0')}${mm}${dd}${serial}${check}`,
    birthDate: { year, month, day },
    isCoordinationNumber,
  };
}

export function isValidPersonalNumber(input: string, options: { today?: Date } = {}): boolean {
  return parsePersonalNumber(input, options) !== undefined;
}

/** `YYYYMMDD-NNNC`, the form Signlink shows and stores. */
export function formatPersonalNumber(personalNumber: PersonalNumber): string {
  return `${personalNumber.digits.slice(0, 8)}-${personalNumber.digits.slice(8)}`;
}

/**
 * Age in whole years on `date`'s calendar day in Sweden. Someone born on 29 February gets a year older on
 * 1 March in common years.
 */
export function ageOn(personalNumber: PersonalNumber, date: Date): number {
  const today = swedishCalendarDate(date);
  const { year, month, day } = personalNumber.birthDate;
  const hasHadBirthday = today.month > month || (today.month === month && today.day >= day);
  return today.year - year - (hasHadBirthday ? 0 : 1);
}

/** SPEC section 9: at least 18 on `date` (in Sweden). */
export function isAdult(personalNumber: PersonalNumber, date: Date): boolean {
  return ageOn(personalNumber, date) >= limits.bankIdMinimumAge;
}

/**
 * The Luhn check digit over the first nine digits (YYMMDDNNN of a personal number, the first nine of an organisation
 * number): weights 2,1,2,… from the left, digit sums of the products (Skatteverket SKV 704, Bolagsverket alike).
 */
export function luhnCheckDigit(nineDigits: string): number {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    const product = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

function resolveYear(yy: number, separator: string, today: Date = new Date()): number {
  const currentYear = swedishCalendarDate(today).year;
  // The latest year ending in yy that is not after this year.
  let year = currentYear - ((((currentYear - yy) % 100) + 100) % 100);
  if (separator === '+') year -= 100;
  return year;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

const swedishDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Birthdays turn at midnight in Sweden, not in UTC. */
function swedishCalendarDate(date: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(swedishDateFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}
