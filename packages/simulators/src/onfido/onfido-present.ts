import type { SimApplicant, SimCheck, SimFile, SimReport } from './onfido-store.ts';

/** The JSON Onfido answers with (API v3.6), as the SDK's types describe it. */

export const API_PREFIX = '/v3.6';

export const presentApplicant = (applicant: SimApplicant) => ({
  id: applicant.id,
  created_at: applicant.created_at,
  href: `${API_PREFIX}/applicants/${applicant.id}`,
  sandbox: true,
  first_name: applicant.first_name,
  last_name: applicant.last_name,
  email: null,
  dob: null,
  delete_at: null,
  id_numbers: [],
  address: null,
  location: null,
});

export function presentFile(file: SimFile) {
  const collection = file.kind === 'document' ? 'documents' : 'live_photos';
  const base = {
    id: file.id,
    created_at: file.created_at,
    href: `${API_PREFIX}/${collection}/${file.id}`,
    download_href: `${API_PREFIX}/${collection}/${file.id}/download`,
    file_name: file.file_name,
    file_type: file.file_type,
    file_size: file.file_size,
  };
  if (file.kind === 'live_photo') return base;
  return {
    ...base,
    applicant_id: file.applicant_id,
    type: file.type,
    side: file.side ?? null,
    issuing_country: file.issuing_country ?? null,
  };
}

export const presentCheck = (check: SimCheck) => ({
  id: check.id,
  created_at: check.created_at,
  href: `${API_PREFIX}/checks/${check.id}`,
  applicant_id: check.applicant_id,
  applicant_provides_data: false,
  status: check.status,
  result: check.result ?? null,
  report_ids: check.report_ids,
  results_uri: `https://dashboard.onfido.com/checks/${check.id}`,
  form_uri: null,
  redirect_uri: null,
  tags: [],
  webhook_ids: [],
  sandbox: true,
  paused: false,
  version: '3.6',
});

export function presentReport(report: SimReport) {
  return {
    id: report.id,
    created_at: report.created_at,
    href: `${API_PREFIX}/reports/${report.id}`,
    name: report.name,
    status: report.status,
    result: report.result ?? null,
    sub_result: report.sub_result ?? null,
    check_id: report.check_id,
    documents: report.documents,
    breakdown: report.breakdown ?? {},
    properties: report.properties ?? {},
  };
}
