import type { z } from 'zod';
import type { Contact, contactInputSchema, contactPatchSchema } from '@verzendhuis/contract/contact';
import { notFound } from '@verzendhuis/domain/errors';
import type { ContactRepository, ContactRow } from './repository';

type ContactFields = z.output<typeof contactInputSchema>;
type ContactPatch = z.output<typeof contactPatchSchema>;

export function toContactDto(row: ContactRow): Contact {
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

/** The row's columns of a contact as the contract parsed (and the domain rule checked) it. */
function toColumns(contact: ContactFields) {
  return {
    name: contact.name,
    companyName: contact.company_name,
    country: contact.country,
    stateProvinceCode: contact.state_province_code,
    zipcode: contact.zipcode,
    housenumber: contact.housenumber,
    address1: contact.address_1,
    address2: contact.address_2,
    city: contact.city,
    email: contact.email,
    phone: contact.phone,
  };
}

/** The address book (account spec §2, §7; docs/address-book.md). */
export function createContactService({ repository }: { repository: ContactRepository }) {
  return {
    /** GET contacts: by name, searched in name, company, postcode and city. */
    async list(organisationId: string, query: { page: number; page_size: number; search?: string }) {
      const { rows, total } = await repository.for(organisationId).list({ ...query, search: query.search?.trim() || undefined });
      return { rows: rows.map(toContactDto), total };
    },

    /** GET contacts/{id}: one contact (the address book's edit link /settings/address-book/{id}). */
    async get(organisationId: string, id: string): Promise<Contact> {
      const row = await repository.for(organisationId).find(id);
      if (!row) throw notFound('contact_not_found');
      return toContactDto(row);
    },

    async create(organisationId: string, contact: ContactFields): Promise<Contact> {
      return toContactDto(await repository.for(organisationId).create(toColumns(contact)));
    },

    /** PATCH contacts: the contact whole; another organisation's id is not found. */
    async update(organisationId: string, { id, ...contact }: ContactPatch): Promise<Contact> {
      const row = await repository.for(organisationId).update(id, toColumns(contact));
      if (!row) throw notFound('contact_not_found');
      return toContactDto(row);
    },

    /** DELETE contacts: removes them for good (docs/address-book.md); ids of no own contact are skipped. */
    async remove(organisationId: string, ids: string[]): Promise<number> {
      return repository.for(organisationId).remove([...new Set(ids)]);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
