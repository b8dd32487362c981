import { describe, expect, it } from 'vitest';
import { namesMatch } from './name-match.ts';

const read = (lastName: string, firstName: string) => ({ lastName, firstName });

describe('the name read against the party’s', () => {
  it.each([
    ['the same name', read('ERIKSSON', 'ANNA MARIA'), 'Anna Maria Eriksson'],
    ['another order', read('ERIKSSON', 'ANNA MARIA'), 'Eriksson Anna Maria'],
    ['a middle name only on the document', read('ERIKSSON', 'ANNA MARIA'), 'Anna Eriksson'],
    ['a middle name only in the invitation', read('ERIKSSON', 'ANNA'), 'anna maria eriksson'],
    ['diacritics the zone cannot write', read('ANGSTROM', 'ASA'), 'Åsa Ångström'],
    ['an accent', read('GARCIA', 'JOSE'), 'José García'],
    ['ß', read('STRASSE', 'JURGEN'), 'Jürgen Straße'],
    ['an umlaut as ICAO writes it', read('MUELLER', 'JUERGEN'), 'Jürgen Müller'],
    ['hyphens and fillers', read('SMITH<JONES', 'MARY<ANN'), 'Mary-Ann Smith-Jones'],
    ['surrounding space and case', read('eriksson', 'anna'), '  ANNA   eriksson '],
  ])('matches %s', (_case, name, party) => {
    expect(namesMatch({ read: name, party })).toBe(true);
  });

  it.each([
    ['another surname', read('ERIKSSON', 'ANNA'), 'Anna Berg'],
    ['another given name', read('ERIKSSON', 'ANNA'), 'Bo Eriksson'],
    ['another person altogether', read('ERIKSSON', 'ANNA MARIA'), 'Bo Berg'],
    ['a given name alone', read('ERIKSSON', 'ANNA'), 'Anna'],
    ['an empty party name', read('ERIKSSON', 'ANNA'), ''],
    ['nothing read', read('', ''), 'Anna Eriksson'],
  ])('does not match %s', (_case, name, party) => {
    expect(namesMatch({ read: name, party })).toBe(false);
  });
});
