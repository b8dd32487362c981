/** Times as sealed documents print them: digits only, so no language has to name a month. */

const pad = (value: number) => String(value).padStart(2, '0');

function parts(date: Date) {
  return {
    day: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    minute: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
    second: pad(date.getUTCSeconds()),
  };
}

function parseIso(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2024-05-01 12:34:56 UTC`, as the audit trail lists events. */
export function formatUtcSeconds(iso: string): string {
  const date = parseIso(iso);
  if (!date) return iso;
  const { day, minute, second } = parts(date);
  return `${day} ${minute}:${second} UTC`;
}

/**
 * `2024-05-01 12:34 UTC`, or at the document's offset (`2024-05-01 13:34 UTC+01:00`) when it has one: the
 * signature captions show the time the parties lived, and the suffix keeps it unambiguous.
 */
export function formatMinutes(iso: string, utcOffset?: string): string {
  const date = parseIso(iso);
  if (!date) return iso;
  const offsetMinutes = parseOffset(utcOffset);
  const { day, minute } = parts(new Date(date.getTime() + offsetMinutes * 60_000));
  const zone = offsetMinutes === 0 ? 'UTC' : `UTC${utcOffset}`;
  return `${day} ${minute} ${zone}`;
}

function parseOffset(offset: string | undefined): number {
  const match = offset ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset) : null;
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60) return 0;
  return match[1] === '-' ? -minutes : minutes;
}

/** Swedish personal numbers as people write them: `YYYYMMDD-XXXX`. */
export function formatPersonalNumber(personalNumber: string): string {
  const digits = personalNumber.replace(/\D/g, '');
  return digits.length === 12 ? `${digits.slice(0, 8)}-${digits.slice(8)}` : personalNumber;
}
