import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listResponseSchema, parseSort } from '@verzendhuis/contract/common';
import {
  labelBulkUpdateBodySchema,
  labelBulkUpdateResponseSchema,
  labelCountersResponseSchema,
  labelCountQuerySchema,
  labelCountResponseSchema,
  labelCreateBodySchema,
  labelCreateResponseSchema,
  labelListQuerySchema,
  labelPdfBodySchema,
  labelPdfQuerySchema,
  labelSortKeys,
  labelSchema,
  labelUpdateBodySchema,
  returnMarkBodySchema,
} from '@verzendhuis/contract/label';
import { z } from 'zod';
import { AppError } from '@verzendhuis/domain/errors';
import type { MessageCode } from '@verzendhuis/domain/messages';
import { labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { requireAuth } from '../auth/guard';
import { composeLabelSheet, type StartPosition } from '../documents/label-sheet';
import type { OrganisationService } from '../organisation/service';
import { toLabelDto } from './mapper';
import type { LabelChange, LabelRepository, LabelRow } from './repository';
import { startOfMonth, type LabelService } from './service';

const tags = ['Labels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const labelNotFound = () => new AppError({ type: 'not_found', messageCode: 'label_not_found', message: 'Label niet gevonden.' });

const labelChangedResponseSchema = z.object({ status: z.literal('success'), data: labelSchema });

function refused(field: 'status' | 'marker', messageCode: MessageCode, message: string): AppError {
  return new AppError({ type: 'validation', messageCode, message, fields: { [field]: [message] } });
}

/** The answers of label/, label/{id} and the updates: each label with its packages, order lines, invoice items and ticket. */
async function labelDtos(labels: LabelRepository, organisationId: string, rows: LabelRow[]) {
  const ids = rows.map((r) => r.id);
  const [packages, orders, invoiceItems, tickets] = await Promise.all([
    labels.packagesOf(organisationId, ids),
    labels.orderDetailsOf(organisationId, rows.map((r) => r.orderId)),
    labels.invoiceItemsOf(organisationId, ids),
    labels.ticketsOf(organisationId, ids),
  ]);
  return rows.map((r) =>
    toLabelDto(r, { packages: packages.get(r.id) ?? [], order: orders.get(r.orderId), invoiceItems: invoiceItems.get(r.id) ?? [], ticketId: tickets.get(r.id) }),
  );
}

/** One label's change with the same rules as updatebulklabels: final states stay final. */
async function changeLabel(labels: LabelRepository, organisationId: string, id: string, change: LabelChange) {
  const result = await labels.update(organisationId, id, change);
  if (result === 'not_found') throw labelNotFound();
  if (result === 'canceled_not_delivered') throw refused('status', 'label_canceled', labelUpdateErrorTexts.canceledNotDelivered);
  if (result === 'marker_only_return') throw refused('marker', 'label_not_return', labelUpdateErrorTexts.markerOnlyReturn);
  const [dto] = await labelDtos(labels, organisationId, [result]);
  return { status: 'success' as const, data: dto as NonNullable<typeof dto> };
}

export function labelRoutes(deps: { service: LabelService; labels: LabelRepository; organisations: OrganisationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order/label/create',
      { schema: { tags, summary: 'Labels maken voor bestellingen (per bestelling een uitkomst; Idempotency-Key aanbevolen)', body: labelCreateBodySchema, response: { 200: labelCreateResponseSchema, ...errors } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const organisation = await deps.organisations.loadOrganisationDto(organisationId);
        const key = request.headers['idempotency-key'];
        return deps.service.create(organisation, request.body, {
          idempotencyKey: typeof key === 'string' && key.trim() ? key.trim().slice(0, 200) : undefined,
          usedLabels: await deps.labels.packagesSince(organisationId, startOfMonth()),
        });
      },
    );

    app.get(
      '/label/',
      { schema: { tags, summary: 'Labels, nieuwste eerst', querystring: labelListQuerySchema, response: { 200: listResponseSchema(labelSchema), ...errors } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const sort = parseSort(request.query.sort, labelSortKeys, { key: 'created_at', descending: true });
        const { rows, total } = await deps.labels.list(organisationId, { ...request.query, isReturn: request.query.is_returned, sort });
        return { data: await labelDtos(deps.labels, organisationId, rows), meta: { total, page: request.query.page, page_size: request.query.page_size } };
      },
    );

    app.get(
      '/label/count',
      { schema: { tags, summary: 'Aantal labels met een filter', querystring: labelCountQuerySchema, response: { 200: labelCountResponseSchema, ...errors } } },
      async (request) => ({ data: { count: await deps.labels.count(requireAuth(request).organisationId, { status: request.query.status, isReturn: request.query.is_returned }) } }),
    );

    app.get(
      '/labelcounters/',
      { schema: { tags, summary: 'Gebruikte labels deze maand tegenover het quotum', response: { 200: labelCountersResponseSchema, ...errors } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const organisation = await deps.organisations.loadOrganisationDto(organisationId);
        return { data: { labels: await deps.labels.packagesSince(organisationId, startOfMonth()), quota: organisation.plan?.quota.labels ?? null } };
      },
    );

    app.post(
      '/label/updatebulklabels',
      { schema: { tags, summary: 'Labels verwijderen of als bezorgd markeren (niet terug te draaien)', body: labelBulkUpdateBodySchema, response: { 200: labelBulkUpdateResponseSchema, ...errors } } },
      async (request) => ({
        status: 'success' as const,
        data: { affected: await deps.labels.bulkUpdate(requireAuth(request).organisationId, request.body.label_ids, request.body.action) },
      }),
    );

    app.get(
      '/label/:id',
      { schema: { tags, summary: 'Eén label', params: idParamsSchema, response: { 200: dataResponseSchema(labelSchema), ...errors } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const [row] = await deps.labels.findMany(organisationId, [request.params.id]);
        if (!row) throw labelNotFound();
        const [dto] = await labelDtos(deps.labels, organisationId, [row]);
        return { data: dto as NonNullable<typeof dto> };
      },
    );

    app.post(
      '/label/:id',
      {
        schema: {
          tags,
          summary: 'Een label wijzigen: verwijderen (is_active false), bezorgd (status completed) of een retour markeren (marker); niet terug te draaien',
          params: idParamsSchema,
          body: labelUpdateBodySchema,
          response: { 200: labelChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const { is_active: isActive, status, marker } = request.body;
        return changeLabel(deps.labels, organisationId, request.params.id, { isActive, status, marker });
      },
    );

    app.post(
      '/return/:id',
      {
        schema: {
          tags,
          summary: 'Een retourlabel markeren: confirm, action_required, item_missing of refuse',
          params: idParamsSchema,
          body: returnMarkBodySchema,
          response: { 200: labelChangedResponseSchema, ...errors },
        },
      },
      async (request) => changeLabel(deps.labels, requireAuth(request).organisationId, request.params.id, { marker: request.body.marker }),
    );

    app.post(
      '/label/pdf',
      {
        schema: {
          tags,
          summary: 'De labels als PDF: A6 per pagina of vier op A4 (positions: startpositie of de posities van het eerste vel; sort: volgorde, anders die van label_ids)',
          querystring: labelPdfQuerySchema,
          body: labelPdfBodySchema,
        },
      },
      async (request, reply) => {
        const { organisationId } = requireAuth(request);
        const { label_ids: labelIds, format, positions } = request.body;
        const unique = [...new Set(labelIds)];
        const sort = request.query.sort ? parseSort(request.query.sort, labelSortKeys, { key: 'created_at', descending: true }) : null;
        const order = await deps.labels.visibleIdsInOrder(organisationId, unique, sort);
        // Another organisation's, a deleted or an unknown label refuses the whole file.
        if (order.length !== unique.length) throw labelNotFound();
        const files = await deps.labels.files(organisationId, order);
        const firstSheet = format !== 'a4' || positions === undefined ? {} : Array.isArray(positions) ? { positions: positions as StartPosition[] } : { startPosition: positions as StartPosition };
        const pdf = await composeLabelSheet({ labels: files, format, ...firstSheet });
        // The PDF is the print of these labels (there is no print client yet): ready becomes printed.
        await deps.labels.markPrinted(organisationId, order);
        return reply.type('application/pdf').header('content-disposition', 'attachment; filename="labels.pdf"').send(Buffer.from(pdf));
      },
    );
  };
}
