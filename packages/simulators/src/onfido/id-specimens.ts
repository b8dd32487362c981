import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The ID documents our tests photograph: committed images drawn by scripts/make-id-specimens.ts, with the data they
 * carry, so server and browser tests can upload one and know what the simulator will read from it.
 */

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'specimens');
const file = (name: string) => path.join(folder, name);

export interface IdSpecimen {
  file: string;
  contentType: 'image/png' | 'image/jpeg';
  surname: string;
  givenNames: string;
  /** The document number as printed (and in the MRZ, if any). */
  number: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  /** YYYY-MM-DD. */
  expiry: string;
}

const person = { surname: 'ERIKSSON', givenNames: 'ANNA MARIA', birthDate: '1985-03-14' } as const;
const png = 'image/png' as const;

export const idSpecimens = {
  /** TD3 passport, every check digit right, valid until 2034. */
  passportValid: {
    file: file('passport-valid.png'),
    contentType: png,
    ...person,
    number: 'AB0123456',
    expiry: '2034-08-11',
  },
  /** TD3 passport whose MRZ is sound but which expired in 2021. */
  passportExpired: {
    file: file('passport-expired.png'),
    contentType: png,
    ...person,
    number: 'AB0765432',
    expiry: '2021-05-20',
  },
  /** TD3 passport with the document number's check digit off by one. */
  passportBadCheckDigit: {
    file: file('passport-bad-check-digit.png'),
    contentType: png,
    ...person,
    number: 'AB0111222',
    expiry: '2033-06-30',
  },
  /** The front of a TD1 national ID card: photo and printed data, no MRZ. */
  nationalIdFront: {
    file: file('national-id-front.png'),
    contentType: png,
    ...person,
    number: 'ID9876543',
    expiry: '2033-02-28',
  },
  /** Its back: the three-line TD1 MRZ. */
  nationalIdBack: {
    file: file('national-id-back.png'),
    contentType: png,
    ...person,
    number: 'ID9876543',
    expiry: '2033-02-28',
  },
  /** A driving licence: no MRZ, no code. */
  drivingLicence: {
    file: file('driving-licence.png'),
    contentType: png,
    ...person,
    number: '850314-1234',
    expiry: '2031-01-15',
  },
} satisfies Record<string, IdSpecimen>;

/** A blank, glare-washed card: nothing can be read from it. */
export const unreadableSpecimen = { file: file('unreadable.png'), contentType: png };
/** A plain synthetic face, for live photos. */
export const faceSpecimen = { file: file('face.jpg'), contentType: 'image/jpeg' as const };
