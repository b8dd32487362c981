import {
  type DocumentState,
  type DocumentStatus,
  documentStatuses,
  documentStatusOf,
  type StatusInput,
} from '@signlink/contracts/documents/document-status';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The lists filter, count and sort by status in SQL, yet statuses are computed in one place (issue 6, part 9:
 * `documentStatusOf`). So the SQL is not written by hand: it is DERIVED from `documentStatusOf` by asking it about
 * every combination of what it reads (the state, and of the parties: any at all, all signed, any to be paid, any
 * still unpaid). Change `documentStatusOf` and this expression follows.
 */
export interface PartyFeatures {
  hasParties: boolean;
  allSigned: boolean;
  anyGetPaid: boolean;
  anyUnpaid: boolean;
  /** Sealing gave up on the document (issue 7). */
  hasSealError: boolean;
}

const states: readonly DocumentState[] = ['draft', 'active', 'completed', 'withdrawn', 'expired'];
const featureNames = ['hasParties', 'allSigned', 'anyGetPaid', 'anyUnpaid', 'hasSealError'] as const;

/** One party list with exactly these features, or null when no list has them (e.g. all signed without parties). */
function partiesWith(features: PartyFeatures): StatusInput['parties'] | null {
  if (!features.hasParties) {
    return features.allSigned || features.anyGetPaid || features.anyUnpaid ? null : [];
  }
  if (features.anyUnpaid && !features.anyGetPaid) return null;
  const at = new Date(0);
  return [
    {
      signedAt: features.allSigned ? at : null,
      getPaid: features.anyGetPaid,
      paidAt: features.anyGetPaid && !features.anyUnpaid ? at : null,
    },
  ];
}

export interface StatusCase {
  state: DocumentState;
  /** Absent when every party combination of this state gives the same status. */
  features?: PartyFeatures;
  status: DocumentStatus;
}

/** Every state with every possible party combination, and the status `documentStatusOf` gives it. */
export function statusCases(): StatusCase[] {
  const cases: StatusCase[] = [];
  for (const state of states) {
    const byCombination: { features: PartyFeatures; status: DocumentStatus }[] = [];
    for (let bits = 0; bits < 1 << featureNames.length; bits += 1) {
      const features = Object.fromEntries(
        featureNames.map((name, index) => [name, Boolean(bits & (1 << index))]),
      ) as unknown as PartyFeatures;
      const parties = partiesWith(features);
      if (parties) {
        byCombination.push({
          features,
          status: documentStatusOf({ state, parties, hasSealError: features.hasSealError }),
        });
      }
    }
    const distinct = new Set(byCombination.map((entry) => entry.status));
    if (distinct.size === 1) cases.push({ state, status: byCombination[0]?.status ?? 'draft' });
    else cases.push(...byCombination.map((entry) => ({ state, ...entry })));
  }
  return cases;
}

/** The SQL columns the features are read from (the list's per-document party aggregates). */
export type FeatureColumns = Record<keyof PartyFeatures, SQL>;

/**
 * `case when … then 'status' … end` over the document's state column and its party aggregates. Literals come from
 * the constant state and status lists (no user input), so they are inlined.
 */
export function statusSqlOf(stateColumn: SQL | unknown, features: FeatureColumns): SQL {
  const branches = statusCases().map((entry) => {
    const conditions = [sql`${stateColumn} = ${sql.raw(`'${entry.state}'`)}`];
    if (entry.features) {
      for (const name of featureNames) {
        conditions.push(entry.features[name] ? sql`(${features[name]})` : sql`not (${features[name]})`);
      }
    }
    return sql`when ${sql.join(conditions, sql` and `)} then ${sql.raw(`'${entry.status}'`)}`;
  });
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}

/** The position of a status in `documentStatuses`, for sorting by status: the awaited ones first. */
export function statusRankSqlOf(statusSql: SQL): SQL {
  const literals = documentStatuses.map((status) => sql.raw(`'${status}'`));
  return sql`array_position(array[${sql.join(literals, sql`, `)}]::text[], ${statusSql})`;
}

export function statusInSql(statusSql: SQL, statuses: readonly DocumentStatus[]): SQL {
  if (statuses.length === 0) return sql`false`;
  return sql`${statusSql} in (${sql.join(
    statuses.map((status) => sql.raw(`'${status}'`)),
    sql`, `,
  )})`;
}
