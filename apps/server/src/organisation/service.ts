import { createHmac } from 'node:crypto';
import { AppError, notFound, validationError } from '@verzendhuis/domain/errors';
import { checkLogo } from '@verzendhuis/domain/organisation-logo';
import {
  normaliseOrganisationUpdate,
  normalisePhone,
  organisationErrorMessages,
  organisationStatus,
  shouldValidateOrders,
  validateOrganisationUpdate,
  type OrganisationAddress,
} from '@verzendhuis/domain/organisation';
import { normaliseEmail, registrationTexts, validateRegistration, type Registration } from '@verzendhuis/domain/registration';
import type { Organisation, OrganisationPatch, OrganisationPatchResponse, User } from '@verzendhuis/contract/user';
import { hashPassword } from '../auth/passwords';
import { isAddonActive } from './plan-service';
import { effectivePlan } from './renewals';
import { trialEnd, trialPlanId } from './plans';
import type { OrganisationAggregate, OrganisationRepository, UserRow } from './repository';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/**
 * The organisation as the API shows it. can_create_labels is the operator's flag and no
 * overdue invoice (docs/billing.md "## Invoices"): computed at every read, so it holds
 * the moment an invoice becomes overdue or is paid, whichever process changed it.
 */
export function toOrganisationDto(
  { organisation: o, plan: planRow, addons, plans }: OrganisationAggregate,
  shipmentLogic: Organisation['shipment_logic'],
  hasOverdueInvoice = false,
  now = new Date(),
): Organisation {
  // A trial that has ended leaves the organisation without a plan until it chooses one.
  const plan = effectivePlan(planRow, o.planSubscriptionTo, now);
  const status = organisationStatus({ contactEmail: o.contactEmail, contactPhone: o.contactPhone, address: o.address });
  return {
    id: o.id,
    name: o.name,
    status: status.status,
    status_info: status.status_info.map((info) => ({ type: 'organisation', field: info.field, message: info.message, status: 'warning' as const })),
    shipment_logic: shipmentLogic,
    is_active: o.isActive,
    can_create_labels: o.canCreateLabels && !hasOverdueInvoice,
    account_manager_action_required: o.accountManagerActionRequired,
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          capabilities: { trial: plan.isTrial },
          quota: { labels: plan.labelQuota },
          subscription: { to: o.planSubscriptionTo?.toISOString() ?? null },
        }
      : null,
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    payment: { status: o.paymentStatus ?? null, mandate_error: o.paymentMandateFailed },
    contact: { email: o.contactEmail, phone: o.contactPhone },
    address: o.address,
    company_logo_url: o.companyLogoUrl,
    company: {
      characteristics: o.companyCharacteristics,
      eori_number: o.eoriNumber,
      eori_number_gb: o.eoriNumberGb,
      vat_number: o.vatNumber,
      hmrc_code: o.hmrcCode,
      national_phone: o.nationalPhone,
    },
    created_at: o.createdAt.toISOString(),
    tracking: { mail_settings: o.trackingMailSettings },
    active_addons: addons
      .filter((a) => isAddonActive(a, now))
      .map((a) => ({
        code: a.code,
        subscription: { period: a.subscriptionPeriod, to: a.subscriptionTo?.toISOString() ?? null },
        meta: a.meta,
      })),
  };
}

export function createOrganisationService(deps: {
  repository: OrganisationRepository;
  intercomSecret: string | null;
  /** The app's public address: uploaded logos are served at `${publicUrl}/api/public/logo/{id}`. */
  publicUrl: string;
  /** The organisation's shipping rules with their problems (shipment-logic/service.ts). */
  shipmentLogic: (organisationId: string) => Promise<Organisation['shipment_logic']>;
  /** Whether the organisation has an open invoice past its due date (invoices/service.ts). */
  hasOverdueInvoice?: (organisationId: string) => Promise<boolean>;
}) {
  const { repository } = deps;

  async function loadOrganisationDto(organisationId: string): Promise<Organisation> {
    const [aggregate, shipmentLogic, overdue] = await Promise.all([
      repository.for(organisationId).load(),
      deps.shipmentLogic(organisationId),
      deps.hasOverdueInvoice?.(organisationId) ?? false,
    ]);
    if (!aggregate) {
      throw new AppError({ type: 'authorization', messageCode: 'organisation_not_authorised', message: organisationErrorMessages.organisation_not_authorised });
    }
    return toOrganisationDto(aggregate, shipmentLogic, overdue);
  }

  return {
    loadOrganisationDto,

    async currentUser(user: UserRow): Promise<User> {
      const [organisation, isFirstLogin] = await Promise.all([
        loadOrganisationDto(user.organisationId),
        repository.for(user.organisationId).takeFirstLogin(user.id),
      ]);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        intercom_hash: deps.intercomSecret ? createHmac('sha256', deps.intercomSecret).update(user.id).digest('hex') : null,
        is_first_login: isFirstLogin,
        is_operator: user.role === 'operator',
        organisation,
      };
    },

    async updateOrganisation(organisationId: string, patch: OrganisationPatch): Promise<OrganisationPatchResponse> {
      const normalised = normaliseOrganisationUpdate(patch);
      const current = (await repository.for(organisationId).load())?.organisation;
      const fields = validateOrganisationUpdate({ update: normalised, country: normalised.address?.country ?? current?.address?.country ?? null });
      if (Object.keys(fields).length > 0) throw validationError(fields);
      const values = Object.fromEntries(
        Object.entries({
          name: normalised.name,
          // Checked whole above: a complete address.
          address: normalised.address as OrganisationAddress | undefined,
          contactEmail: normalised.contact?.email,
          contactPhone: normalised.contact?.phone === undefined ? undefined : normalised.contact.phone && normalisePhone(normalised.contact.phone),
          companyLogoUrl: normalised.company_logo_url,
          companyCharacteristics: normalised.company?.characteristics,
          eoriNumber: normalised.company?.eori_number,
          eoriNumberGb: normalised.company?.eori_number_gb,
          vatNumber: normalised.company?.vat_number,
          hmrcCode: normalised.company?.hmrc_code,
          nationalPhone: normalised.company?.national_phone,
          trackingMailSettings: patch.tracking?.mail_settings,
        }).filter(([, v]) => v !== undefined),
      );
      await repository.for(organisationId).update(values);
      return {
        status: 'success',
        data: await loadOrganisationDto(organisationId),
        should_validate_orders: current
          ? shouldValidateOrders({
              update: normalised,
              current: { eori_number: current.eoriNumber, eori_number_gb: current.eoriNumberGb, vat_number: current.vatNumber, hmrc_code: current.hmrcCode, country: current.address?.country ?? null },
            })
          : false,
      };
    },

    /** Uploads the logo (base64 of a PNG or JPEG, at most 1 MB): company_logo_url then points at it. */
    async uploadLogo(organisationId: string, base64: string): Promise<Organisation> {
      const checked = checkLogo(Buffer.from(base64, 'base64'));
      if ('problem' in checked) throw validationError({ file: [checked.problem] });
      await repository.for(organisationId).saveLogo({ contentType: checked.contentType, content: Buffer.from(base64, 'base64') }, (id) => `${deps.publicUrl}/api/public/logo/${id}`);
      return loadOrganisationDto(organisationId);
    },

    async deleteLogo(organisationId: string): Promise<Organisation> {
      await repository.for(organisationId).deleteLogo();
      return loadOrganisationDto(organisationId);
    },

    /** An uploaded logo by its public id, for anyone who has the address (e-mails, the return portal). */
    async publicLogo(id: string): Promise<{ contentType: string; content: Buffer }> {
      const logo = /^[0-9a-f-]{36}$/i.test(id) ? await repository.crossOrganisation.findLogo(id) : undefined;
      if (!logo) throw notFound();
      return logo;
    },

    /** First sight of a user of an external identity provider (OIDC_ISSUER). */
    async provisionExternal(input: { issuer: string; subject: string; email: string; name: string }, now = new Date()): Promise<UserRow> {
      const existing = await repository.crossOrganisation.findUserBySubject(input.issuer, input.subject);
      if (existing) return existing;
      const trial = await repository.crossOrganisation.findPlan(trialPlanId);
      const created = repository.crossOrganisation.createOrganisationWithUser({
        organisation: {
          name: input.name,
          planId: trial?.id ?? null,
          planSubscriptionTo: trial?.trialDays ? trialEnd(now, trial.trialDays) : null,
          contactEmail: normaliseEmail(input.email),
          contactPhone: null,
        },
        user: { email: normaliseEmail(input.email), name: input.name, passwordHash: null, oidcIssuer: input.issuer, oidcSubject: input.subject, firstLoginSeenAt: null },
      });
      try {
        return (await created).user;
      } catch (error) {
        // The user's first two calls raced; the other one made the organisation.
        const winner = isUniqueViolation(error) ? await repository.crossOrganisation.findUserBySubject(input.issuer, input.subject) : undefined;
        if (winner) return winner;
        throw error;
      }
    },

    /** Registration on the built-in identity provider: a new organisation on the trial plan. */
    async register(registration: Registration, now = new Date()): Promise<UserRow> {
      const fields = validateRegistration({ registration });
      const email = normaliseEmail(registration.email);
      if (!fields.email && (await repository.crossOrganisation.findUserByEmail(email))) fields.email = [registrationTexts.emailTaken];
      if (Object.keys(fields).length > 0) throw validationError(fields);
      const trial = await repository.crossOrganisation.findPlan(trialPlanId);
      try {
        const { user } = await repository.crossOrganisation.createOrganisationWithUser({
          organisation: {
            name: registration.organisation_name.trim(),
            planId: trial?.id ?? null,
            planSubscriptionTo: trial?.trialDays ? trialEnd(now, trial.trialDays) : null,
            contactEmail: email,
            contactPhone: null,
          },
          user: { email, name: registration.name.trim(), passwordHash: await hashPassword(registration.password), oidcIssuer: null, oidcSubject: null, firstLoginSeenAt: null },
        });
        return user;
      } catch (error) {
        // Two registrations with one e-mail at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw validationError({ email: [registrationTexts.emailTaken] });
        throw error;
      }
    },
  };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
