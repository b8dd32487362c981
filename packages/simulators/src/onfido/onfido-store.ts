import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OnfidoSimulatorOutcome } from './onfido-simulator.ts';

/*
 * The simulator's state, one JSON file per record in the data folder, written then renamed so another process never
 * reads half a file: every process on one data folder (API processes, workers) answers for the same applicants and
 * checks, as Onfido would. Uploaded images are kept beside their record until the applicant is deleted, because the
 * check that reads them may complete in another process.
 */

export interface SimApplicant {
  id: string;
  created_at: string;
  first_name: string;
  last_name: string;
}

export interface SimFile {
  id: string;
  kind: 'document' | 'live_photo';
  applicant_id: string;
  created_at: string;
  file_name: string;
  file_type: string;
  file_size: number;
  /** Documents only: Onfido's type (passport, national_identity_card, driving_licence, …) and side. */
  type?: string;
  side?: string;
  issuing_country?: string;
}

export interface SimCheck {
  id: string;
  applicant_id: string;
  created_at: string;
  /** Epoch ms when it is due to complete. */
  due_at: number;
  status: 'in_progress' | 'complete';
  result?: 'clear' | 'consider';
  report_ids: string[];
  document_ids: string[];
  live_photo_ids: string[];
}

export interface SimReport {
  id: string;
  check_id: string;
  created_at: string;
  name: 'document' | 'facial_similarity_photo';
  status: 'awaiting_data' | 'complete';
  result?: 'clear' | 'consider';
  sub_result?: string;
  documents: { id: string }[];
  breakdown?: unknown;
  properties?: unknown;
}

type Kind = 'applicants' | 'files' | 'checks' | 'reports';

// Onfido's ids are UUIDs; an id from a request names a file only when it has that shape.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const DEFAULT_OUTCOME: OnfidoSimulatorOutcome = { faceMatch: 'clear', liveness: 'clear', delayMs: 1000 };

export class OnfidoFolderStore {
  readonly #dir: string;
  constructor(dir: string) {
    this.#dir = dir;
  }

  newId(): string {
    return randomUUID();
  }

  get<T>(kind: Kind, id: string): T | undefined {
    return UUID.test(id) ? this.#read<T>(path.join(this.#dir, kind, `${id}.json`)) : undefined;
  }

  save(kind: Kind, record: { id: string }): void {
    this.#write(path.join(this.#dir, kind), `${record.id}.json`, JSON.stringify(record));
  }

  list<T>(kind: Kind): T[] {
    const dir = path.join(this.#dir, kind);
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.map((name) => this.#read<T>(path.join(dir, name))).filter((value): value is T => value !== undefined);
  }

  remove(kind: Kind, id: string): void {
    if (!UUID.test(id)) return;
    fs.rmSync(path.join(this.#dir, kind, `${id}.json`), { force: true });
    if (kind === 'files') fs.rmSync(path.join(this.#dir, 'files', `${id}.bin`), { force: true });
  }

  saveBytes(id: string, bytes: Uint8Array): void {
    this.#write(path.join(this.#dir, 'files'), `${id}.bin`, bytes);
  }

  readBytes(id: string): Uint8Array | undefined {
    if (!UUID.test(id)) return undefined;
    try {
      return fs.readFileSync(path.join(this.#dir, 'files', `${id}.bin`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  outcome(): OnfidoSimulatorOutcome {
    return { ...DEFAULT_OUTCOME, ...this.#read<Partial<OnfidoSimulatorOutcome>>(path.join(this.#dir, 'outcome.json')) };
  }

  saveOutcome(outcome: OnfidoSimulatorOutcome): void {
    this.#write(this.#dir, 'outcome.json', JSON.stringify(outcome));
  }

  #read<T>(file: string): T | undefined {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  #write(dir: string, name: string, content: string | Uint8Array): void {
    fs.mkdirSync(dir, { recursive: true });
    const temporary = path.join(dir, `${name}.${randomUUID()}.tmp`);
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, path.join(dir, name));
  }
}
