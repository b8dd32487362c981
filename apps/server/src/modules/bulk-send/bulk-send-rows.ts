import { bulkSendMaxRows } from '@signlink/contracts/bulk-send/bulk-send';
import type { PricedParty } from '@signlink/contracts/documents/document-cost';
import { channelsOfInvitationMethod } from '@signlink/contracts/documents/document-model';
import { findContactProblems } from '@signlink/contracts/documents/send-problems';
import type { UseTemplateRequest } from '@signlink/contracts/templates/templates';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { AppError } from '../../errors.ts';
import type { PartyRow } from '../document-core/document-parts.repository.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';

export type TemplateParty = Pick<
  PartyRow,
  'signatureIndex' | 'role' | 'name' | 'email' | 'phone' | 'invitationMethod' | 'signatureType'
>;

export interface RowProblem {
  code: 'TEMPLATE_ROLE_EMPTY' | 'INVALID_EMAIL' | 'INVALID_PHONE' | 'BULK_SEND_CSV_INVALID';
  column?: string;
}

export interface CheckedRow {
  rowNumber: number;
  values: Record<string, string>;
  problems: RowProblem[];
  request: UseTemplateRequest;
  /** The document's parties as sending prices them. */
  parties: (PricedParty & { email: string | null; phone: string | null })[];
}

const titleColumn = 'Title';
const maxTitleLength = 200;

/** The role's name in column headers: as the template names it, else "Party N". */
export function roleLabelOf(party: Pick<TemplateParty, 'role' | 'signatureIndex'>): string {
  return party.role?.trim() || `Party ${party.signatureIndex + 1}`;
}

/** A role the template already names a person for: its columns may be left out or empty. */
function isFixed(party: TemplateParty): boolean {
  return party.name.trim() !== '' && findContactProblems(party).length === 0;
}

/** The columns a CSV for this template has: per role its name and the contacts its invitation method uses. */
export function templateColumns(parties: readonly TemplateParty[]) {
  const optional = new Set<string>([titleColumn]);
  const required = new Set<string>();
  for (const party of parties) {
    const role = roleLabelOf(party);
    const channels = channelsOfInvitationMethod[party.invitationMethod];
    const needed = [
      `${role} name`,
      ...(channels.includes('email') ? [`${role} email`] : []),
      ...(channels.some((channel) => channel !== 'email') ? [`${role} phone`] : []),
    ];
    for (const column of [`${role} name`, `${role} email`, `${role} phone`]) {
      if (needed.includes(column) && !isFixed(party)) required.add(column);
      else optional.add(column);
    }
  }
  return { required: [...required], all: [...required, ...optional] };
}

const invalid = (details: Record<string, unknown>) => new AppError('BULK_SEND_CSV_INVALID', { details });

/**
 * The CSV read against the template: the header must name known columns, each once, and every column a role needs;
 * 1 to 1,000 data rows. Each row is checked as using the template would be, problems kept per row and column.
 */
export function checkBulkCsv(csv: string, parties: readonly TemplateParty[]): CheckedRow[] {
  let records: string[][];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw invalid({ reason: error.reason, line: error.line });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw invalid({ reason: 'no-rows' });
  if (rows.length > bulkSendMaxRows) throw invalid({ reason: 'too-many-rows', max: bulkSendMaxRows });
  const columns = templateColumns(parties);
  const byLowerCase = new Map(columns.all.map((column) => [column.toLowerCase(), column]));
  const headerColumns = header.map((cell) => {
    const column = byLowerCase.get(cell.trim().toLowerCase());
    if (!column) throw invalid({ reason: 'unknown-column', column: cell.trim() });
    return column;
  });
  const duplicate = headerColumns.find((column, index) => headerColumns.indexOf(column) !== index);
  if (duplicate) throw invalid({ reason: 'duplicate-column', column: duplicate });
  const missing = columns.required.find((column) => !headerColumns.includes(column));
  if (missing) throw invalid({ reason: 'missing-column', column: missing });

  return rows.map((fields, index) => {
    const values = Object.fromEntries(headerColumns.map((column, at) => [column, (fields[at] ?? '').trim()]));
    const row = checkRow(values, parties);
    if (fields.length > headerColumns.length) row.problems.unshift({ code: 'BULK_SEND_CSV_INVALID' });
    return { rowNumber: index + 1, values, ...row };
  });
}

/** One row's values checked against the template's roles: its problems, the template request and priced parties. */
export function checkRow(values: Record<string, string>, parties: readonly TemplateParty[]) {
  const problems: RowProblem[] = [];
  const title = values[titleColumn] ?? '';
  if (title.length > maxTitleLength) problems.push({ code: 'BULK_SEND_CSV_INVALID', column: titleColumn });
  const filled = parties.map((party) => {
    const role = roleLabelOf(party);
    const given = {
      name: values[`${role} name`] ?? '',
      email: values[`${role} email`] ?? '',
      phone: values[`${role} phone`] ?? '',
    };
    const isEmpty = !given.name && !given.email && !given.phone;
    const person =
      isEmpty && isFixed(party)
        ? { name: party.name, email: party.email, phone: party.phone }
        : { name: given.name, email: given.email || null, phone: given.phone || null };
    if (isEmpty && !isFixed(party)) {
      // One problem for the role, not one per empty cell.
      problems.push({ code: 'TEMPLATE_ROLE_EMPTY', column: `${role} name` });
    } else {
      if (!person.name.trim()) problems.push({ code: 'TEMPLATE_ROLE_EMPTY', column: `${role} name` });
      const found = findContactProblems({ ...person, invitationMethod: party.invitationMethod });
      for (const problem of found) {
        problems.push({
          code:
            problem.code === 'invalid-email'
              ? 'INVALID_EMAIL'
              : problem.code === 'invalid-phone'
                ? 'INVALID_PHONE'
                : 'TEMPLATE_ROLE_EMPTY',
          column: `${role} ${problem.field.toLowerCase()}`,
        });
      }
      // A contact the invitation method does not use is kept on the party, so a wrong one is a problem too.
      const isChecked = (field: 'Email' | 'Phone') => found.some((problem) => problem.field === field);
      if (given.email && !isChecked('Email') && !normalizeEmailAddress(given.email).isValid) {
        problems.push({ code: 'INVALID_EMAIL', column: `${role} email` });
      }
      if (given.phone && !isChecked('Phone') && !normalizePhoneNumber(given.phone).isValid) {
        problems.push({ code: 'INVALID_PHONE', column: `${role} phone` });
      }
    }
    return { party, person };
  });
  const request: UseTemplateRequest = {
    ...(title ? { Title: title } : {}),
    Parties: filled.map(({ party, person }) => ({
      SignatureIndex: party.signatureIndex,
      Name: person.name,
      ...(person.email ? { Email: person.email } : {}),
      ...(person.phone ? { Phone: person.phone } : {}),
    })),
  };
  const priced = filled.map(({ party, person }) => ({
    signatureType: party.signatureType,
    invitationMethod: party.invitationMethod,
    email: person.email,
    phone: person.phone,
  }));
  return { problems, request, parties: priced };
}
