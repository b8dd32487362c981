import type {
  CreateTemplateRequest,
  UpdateTemplateRequest,
  UseTemplateRequest,
} from '@signlink/contracts/templates/templates';
import {
  createTemplateRoute,
  deleteTemplateRoute,
  editTemplateRoute,
  listTemplatesRoute,
  updateTemplateRoute,
  useTemplateRoute,
} from '@signlink/contracts/templates/templates.routes';
import type { ApiClient } from './api-client.ts';

export type {
  TemplateRole,
  TemplateRoleFill,
  TemplateSummary,
  TemplatesResponse,
} from '@signlink/contracts/templates/templates';

/**
 * Issue 24's template calls. Silent, as the documents calls are: the screens show the catalogue's reason beside what
 * failed. Making and using a template are never repeated on their own: each try would make another.
 */
export function createTemplatesApi(client: ApiClient) {
  return {
    list: () => client.api(listTemplatesRoute, undefined, { silent: true }),
    create: (request: CreateTemplateRequest) =>
      client.api(createTemplateRoute, { body: request }, { silent: true, extraTries: 0 }),
    update: (id: string, request: UpdateTemplateRequest) =>
      client.api(updateTemplateRoute, { params: { id }, body: request }, { silent: true }),
    remove: (id: string) => client.api(deleteTemplateRoute, { params: { id } }, { silent: true, extraTries: 0 }),
    edit: (id: string) => client.api(editTemplateRoute, { params: { id } }, { silent: true }),
    use: (id: string, request: UseTemplateRequest) =>
      client.api(useTemplateRoute, { params: { id }, body: request }, { silent: true, extraTries: 0 }),
  };
}

export type TemplatesApi = ReturnType<typeof createTemplatesApi>;
