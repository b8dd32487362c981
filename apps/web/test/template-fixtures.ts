import type { TemplateSummary, TemplatesResponse } from '../src/api/templates-api.ts';
import { authStateFor, pathOf } from './auth-fixtures.ts';
import { type RecordedRequest, sendJson, startTestHttpServer } from './test-http-server.ts';

/** A shared template of the caller's with two roles to fill, as `GET linktinker/templates` lists it. */
export const leaseTemplate: TemplateSummary = {
  Id: 'tpl-1',
  Name: 'Lease',
  Language: 'en-us',
  AccessLevel: 'private',
  IsOwner: true,
  OwnerName: 'Demo Admin',
  Roles: [
    {
      SignatureIndex: 0,
      Role: 'Tenant',
      SignatureType: 'e-signature',
      InvitationMethod: 'email',
      Name: '',
      Email: null,
      Phone: null,
    },
    {
      SignatureIndex: 1,
      Role: 'Landlord',
      SignatureType: 'e-signature',
      InvitationMethod: 'email',
      Name: '',
      Email: null,
      Phone: null,
    },
  ],
  PageCount: 2,
  Created: '2026-11-20T10:00:00.000Z',
  Updated: '2026-11-21T10:00:00.000Z',
};

export interface TemplatesServerOptions {
  templates?: TemplateSummary[];
  canUse?: boolean;
  role?: number;
  /** What `POST templates/{id}` answers (default: a new draft). */
  useAnswer?: { status: number; body: unknown };
  /** Anything else the screen under test calls. */
  other?: (request: RecordedRequest) => { status: number; body: unknown } | undefined;
}

/** A server holding templates: list, use, update and delete act on them as the API does. */
export async function startTemplatesServer(options: TemplatesServerOptions = {}) {
  let templates = options.templates ?? [leaseTemplate];
  const auth = authStateFor();
  if (options.role) auth.user.Role = options.role;
  return startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, auth);
    if (url === '/v2/linktinker/templates' && request.method === 'GET') {
      const body: TemplatesResponse = { Templates: templates, CanUseTemplates: options.canUse ?? true };
      return sendJson(response, 200, body);
    }
    const id = /^\/v2\/linktinker\/templates\/([^/]+)$/.exec(url)?.[1];
    if (id && request.method === 'POST') {
      const answer = options.useAnswer ?? { status: 201, body: { ProjectId: 'prj-new' } };
      return sendJson(response, answer.status, answer.body);
    }
    if (id && request.method === 'DELETE') {
      templates = templates.filter((template) => template.Id !== id);
      response.writeHead(204);
      return response.end();
    }
    if (id && request.method === 'PUT') {
      const changes = JSON.parse(request.body) as Partial<TemplateSummary>;
      templates = templates.map((template) => (template.Id === id ? { ...template, ...changes } : template));
      return sendJson(
        response,
        200,
        templates.find((template) => template.Id === id),
      );
    }
    const other = options.other?.(request);
    if (other) return sendJson(response, other.status, other.body);
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
}
