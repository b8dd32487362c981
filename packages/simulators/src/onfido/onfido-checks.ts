import { notFound, validationError } from './onfido-errors.ts';
import { readMrzFromBytes } from './onfido-mrz-code.ts';
import { documentReportBody, faceReportBody } from './onfido-reports.ts';
import type { OnfidoFolderStore, SimApplicant, SimCheck, SimFile, SimReport } from './onfido-store.ts';

const REPORT_NAMES = ['document', 'facial_similarity_photo'] as const;
type ReportName = (typeof REPORT_NAMES)[number];

/** Applicants' checks: made in progress, completed once due (by whichever process reads or times them first). */
export class OnfidoChecks {
  readonly #store: OnfidoFolderStore;
  constructor(store: OnfidoFolderStore) {
    this.#store = store;
  }

  applicant(id: string): SimApplicant {
    const applicant = this.#store.get<SimApplicant>('applicants', id);
    if (!applicant) throw notFound();
    return applicant;
  }

  create(input: { applicantId: unknown; reportNames: unknown; documentIds: unknown }): SimCheck {
    const { applicantId, reportNames, documentIds } = input;
    if (typeof applicantId !== 'string' || !this.#store.get('applicants', applicantId)) {
      throw validationError({ applicant_id: ['must be an existing applicant'] });
    }
    const names = Array.isArray(reportNames) ? reportNames : [];
    if (names.length === 0 || !names.every((name) => REPORT_NAMES.includes(name as ReportName))) {
      throw validationError({ report_names: [`must be a non-empty list of: ${REPORT_NAMES.join(', ')}`] });
    }
    const files = this.#store.list<SimFile>('files').filter((file) => file.applicant_id === applicantId);
    const documents = files.filter((file) => file.kind === 'document');
    let chosen = documents;
    if (documentIds !== undefined) {
      const ids = Array.isArray(documentIds) ? documentIds : [];
      chosen = documents.filter((document) => ids.includes(document.id));
      if (chosen.length !== ids.length) throw validationError({ document_ids: ['must be the applicant’s documents'] });
    }
    if (chosen.length === 0) throw validationError({ documents: ['the applicant has no document to check'] });
    const livePhotos = files.filter((file) => file.kind === 'live_photo');
    if (names.includes('facial_similarity_photo') && livePhotos.length === 0) {
      throw validationError({ live_photos: ['facial_similarity_photo needs a live photo'] });
    }
    const { delayMs } = this.#store.outcome();
    const now = new Date();
    const check: SimCheck = {
      id: this.#store.newId(),
      applicant_id: applicantId,
      created_at: now.toISOString(),
      due_at: now.getTime() + delayMs,
      status: 'in_progress',
      report_ids: [],
      document_ids: chosen.map((document) => document.id),
      live_photo_ids: livePhotos.map((photo) => photo.id),
    };
    for (const name of names as ReportName[]) {
      const report: SimReport = {
        id: this.#store.newId(),
        check_id: check.id,
        created_at: check.created_at,
        name,
        status: 'awaiting_data',
        documents: check.document_ids.map((id) => ({ id })),
      };
      this.#store.save('reports', report);
      check.report_ids.push(report.id);
    }
    this.#store.save('checks', check);
    return check;
  }

  /** The check, completed first when it is due. */
  find(id: string): SimCheck {
    const check = this.#store.get<SimCheck>('checks', id);
    if (!check) throw notFound();
    return check.status === 'in_progress' && check.due_at <= Date.now() ? this.complete(check) : check;
  }

  reportsOf(checkId: string): SimReport[] {
    const check = this.find(checkId);
    return check.report_ids
      .map((id) => this.#store.get<SimReport>('reports', id))
      .filter((report): report is SimReport => report !== undefined);
  }

  report(id: string): SimReport {
    const report = this.#store.get<SimReport>('reports', id);
    if (!report) throw notFound();
    this.find(report.check_id);
    return this.#store.get<SimReport>('reports', id) ?? report;
  }

  /** Reads the images, writes the reports, then the check (last, so a reader seeing it complete finds its reports). */
  complete(check: SimCheck): SimCheck {
    const outcome = this.#store.outcome();
    const results: ('clear' | 'consider')[] = [];
    for (const reportId of check.report_ids) {
      const report = this.#store.get<SimReport>('reports', reportId);
      if (!report) continue;
      const body = report.name === 'document' ? this.#documentBody(check) : faceReportBody(outcome);
      results.push(body.result);
      const completed: SimReport = { ...report, ...body, status: 'complete' };
      this.#store.save('reports', completed);
    }
    const completed: SimCheck = {
      ...check,
      status: 'complete',
      result: results.every((result) => result === 'clear') ? 'clear' : 'consider',
    };
    this.#store.save('checks', completed);
    return completed;
  }

  #documentBody(check: SimCheck) {
    const documents = check.document_ids.map((id) => {
      const file = this.#store.get<SimFile>('files', id);
      const bytes = this.#store.readBytes(id);
      return file ? { file, mrzLines: bytes ? readMrzFromBytes(bytes) : undefined } : undefined;
    });
    return documentReportBody(documents.filter((document) => document !== undefined));
  }

  /** Onfido deletes the applicant with its documents, photos and checks. */
  deleteApplicant(id: string): void {
    this.applicant(id);
    for (const file of this.#store.list<SimFile>('files')) {
      if (file.applicant_id === id) this.#store.remove('files', file.id);
    }
    for (const check of this.#store.list<SimCheck>('checks')) {
      if (check.applicant_id !== id) continue;
      for (const reportId of check.report_ids) this.#store.remove('reports', reportId);
      this.#store.remove('checks', check.id);
    }
    this.#store.remove('applicants', id);
  }
}
