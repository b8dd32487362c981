import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { storageKeyColumns, storageKeyJsonArrays } from './storage-references.repository.ts';

/** Every table the schema declares, as drizzle-kit sees them. */
const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];

describe('the storage references registry', () => {
  it('covers every column of the schema named like a storage or file key', () => {
    const covered = new Set(
      [...storageKeyColumns, ...storageKeyJsonArrays].map(({ table, column }) => {
        return `${getTableConfig(table).name}.${column.name}`;
      }),
    );
    const keyColumns = tables.flatMap((table) => {
      const { name, columns } = getTableConfig(table);
      return columns
        .filter((column) => /storage_key|file_key/.test(column.name))
        .map((column) => `${name}.${column.name}`);
    });
    expect(keyColumns.length).toBeGreaterThanOrEqual(6);
    // A new column holding a storage key that is missing from the registry: its files would be swept a day later.
    expect(keyColumns.filter((column) => !covered.has(column))).toEqual([]);
  });

  it('names only real columns of their tables', () => {
    for (const { table, column } of [...storageKeyColumns, ...storageKeyJsonArrays]) {
      expect(getTableConfig(table).columns).toContain(column);
    }
  });
});
