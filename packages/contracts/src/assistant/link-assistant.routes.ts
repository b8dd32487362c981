import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { requestTokenErrors } from '../links/link-errors.ts';
import { ZLinkAssistant, ZLinkAssistantAskRequest, ZLinkAssistantQuery } from './link-assistant.ts';

/** The visitor's chat with Phil on the recipient page (issue 28, part 3); paths in the style of SPEC section 7. */
const tags = ['assistant'];
const callers = ['request-token'] as const;

export const findLinkAssistantRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/ai/phil',
  tags,
  callers,
  summary: "Whether the link's document has the assistant on, with its messages in the visitor's language",
  params: ZLinkIdParams,
  query: ZLinkAssistantQuery,
  responses: { 200: ZLinkAssistant },
  errors: requestTokenErrors,
});

export const askLinkAssistantRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/ai/phil/ask',
  tags,
  callers,
  summary: 'Ask the assistant about the document: the answer streams as JSON lines (text pieces, then done or error)',
  params: ZLinkIdParams,
  body: ZLinkAssistantAskRequest,
  // A stream of `AssistantStreamEvent` lines (application/x-ndjson), not one JSON answer.
  responses: { 200: null },
  file: true,
  errors: [...requestTokenErrors, 'AI_ASSISTANT_DISABLED', 'AI_LIMIT_REACHED'],
});
