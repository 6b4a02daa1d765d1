import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { contactSchema, type Contact } from '@verzendhuis/contract/contact';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import type { ContactRepository, ContactRow } from './repository';

function toContactDto(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    company_name: row.companyName,
    country: row.country,
    state_province_code: row.stateProvinceCode,
    zipcode: row.zipcode,
    housenumber: row.housenumber,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    email: row.email,
    phone: row.phone,
    is_active: row.isActive,
  };
}

/** The address book's list (search and pick in the order form); editing comes with the account issue. */
export function contactRoutes(repository: ContactRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/contacts',
      { schema: { tags: ['Adresboek'], summary: 'Contacten, op naam', querystring: listQuerySchema, response: { 200: listResponseSchema(contactSchema), 400: errorBodySchema } } },
      async (request) => {
        return listPage(await repository.for(requireAuth(request).organisationId).list(request.query), request.query, toContactDto);
      },
    );
  };
}
