import { describe, expect, it } from 'vitest';
import { isValidPersonalNumber, listBankIdTestPersons } from './bankid-test-persons.ts';

describe('BankID test persons', () => {
  it('have personal numbers with valid dates and Luhn check digits', () => {
    const persons = listBankIdTestPersons();
    expect(persons.length).toBeGreaterThanOrEqual(4);
    for (const person of persons) expect(isValidPersonalNumber(person.personalNumber)).toBe(true);
    expect(new Set(persons.map((person) => person.personalNumber)).size).toBe(persons.length);
  });

  it('checks personal numbers as Skatteverket does', () => {
    // Skatteverket's own worked example: 811218-9876.
    expect(isValidPersonalNumber('198112189876')).toBe(true);
    expect(isValidPersonalNumber('198112189875')).toBe(false);
    expect(isValidPersonalNumber('199002301234')).toBe(false); // 30 February
    expect(isValidPersonalNumber('8112189876')).toBe(false); // BankID wants 12 digits
  });

  it('include one minor', () => {
    const persons = listBankIdTestPersons(new Date('2026-03-02T00:00:00Z'));
    expect(persons.filter((person) => person.isMinor).map((person) => person.givenName)).toEqual(['Lisa']);
  });
});
