import {
  createContactRoute,
  deleteContactRoute,
  listContactsRoute,
  updateContactRoute,
} from '@signlink/contracts/contacts/contacts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { createContact, deleteContact, listContacts, updateContact } from './contacts.service.ts';

/** The account's contacts (SPEC section 2, menu item Contacts). */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db });

  route(app, listContactsRoute, (request) => listContacts(deps(), request.actor, request.query));

  route(app, createContactRoute, async (request, reply) =>
    reply.code(201).send(await createContact(deps(), request.actor, request.body)),
  );

  route(app, updateContactRoute, (request) =>
    updateContact(deps(), request.actor, { id: request.params.id, request: request.body }),
  );

  route(app, deleteContactRoute, async (request, reply) => {
    await deleteContact(deps(), request.actor, { id: request.params.id });
    return reply.code(204).send(null);
  });
};
