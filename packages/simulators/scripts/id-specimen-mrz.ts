/** ICAO 9303 machine-readable zones for the specimens: TD3 (passport, two lines of 44) and TD1 (ID card, three of 30). */

const WEIGHTS = [7, 3, 1];
function checkDigit(text: string): string {
  let sum = 0;
  [...text].forEach((char, index) => {
    const value = char === '<' ? 0 : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * (WEIGHTS[index % 3] ?? 0);
  });
  return String(sum % 10);
}

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
const yymmdd = (iso: string) => iso.slice(2).replaceAll('-', '');
const nameField = (surname: string, given: string, length: number) =>
  pad(`${surname.replaceAll(' ', '<')}<<${given.replaceAll(' ', '<')}`, length);

export interface Person {
  surname: string;
  givenNames: string;
  number: string;
  birthDate: string;
  expiry: string;
  country: string;
  sex: 'M' | 'F';
}

export function td3(
  { surname, givenNames, number, birthDate, expiry, country, sex }: Person,
  breakDigit = false,
): string[] {
  const line1 = pad(`P<${country}${nameField(surname, givenNames, 39)}`, 44);
  const numberField = pad(number, 9);
  const personal = pad('', 14);
  const numberDigit = breakDigit ? String((Number(checkDigit(numberField)) + 1) % 10) : checkDigit(numberField);
  const birth = yymmdd(birthDate);
  const exp = yymmdd(expiry);
  const body = `${numberField}${numberDigit}${country}${birth}${checkDigit(birth)}${sex}${exp}${checkDigit(exp)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(
    `${numberField}${numberDigit}${birth}${checkDigit(birth)}${exp}${checkDigit(exp)}${personal}${checkDigit(personal)}`,
  );
  return [line1, `${body}${composite}`];
}

export function td1({ surname, givenNames, number, birthDate, expiry, country, sex }: Person): string[] {
  const numberField = pad(number, 9);
  const optional1 = pad('', 15);
  const line1 = `I<${country}${numberField}${checkDigit(numberField)}${optional1}`;
  const birth = yymmdd(birthDate);
  const exp = yymmdd(expiry);
  const optional2 = pad('', 11);
  const head = `${birth}${checkDigit(birth)}${sex}${exp}${checkDigit(exp)}${country}${optional2}`;
  const composite = checkDigit(`${line1.slice(5, 30)}${birth}${checkDigit(birth)}${exp}${checkDigit(exp)}${optional2}`);
  return [line1, `${head}${composite}`, nameField(surname, givenNames, 30)];
}
