import { normaliseEmail } from '@verzendhuis/domain/registration';
import { AppError } from '@verzendhuis/domain/errors';
import { centsToEuros } from '@verzendhuis/domain/plans';
import type { OrganisationRepository } from '../organisation/repository';
import { isIsoDate, parseEuroCents } from '@verzendhuis/domain/invoices';
import type { InvoiceService } from '../invoices/service';
import type { RenewalService } from '../organisation/renewals';
import type { TicketService } from '../tickets/service';

/**
 * The operator commands of `npm run admin -- <command>` (README "Operator tasks"). They run
 * beside the app on its database; what they change the app shows at once (a support reply
 * lights the top bar's envelope on the next poll).
 */
export const adminHelp = `Verzendhuis operator commands (npm run admin -- <command>)

  help                          this text
  ticket-reply <ticketId> "text"
                                answer an investigation as support: the reply is added to the
                                conversation and the ticket counts as replied (the customer's
                                top bar shows the envelope until they read or close it)
  operator grant <email>        make a person Verzendhuis support: after their next login the
                                app shows them the support inbox (every organisation's tickets)
  operator revoke <email>       make them an ordinary member of their organisation again
  operator list                 the people who are support
  plans                         list the plans (id, name, label quota, price per month, active)
  plan-set <id> [--name "Naam"] [--quota N|none] [--price EUR] [--active yes|no]
                                change one plan; the app shows it at once (docs/plans.md)
  addons                        list the add-ons (code, name, prices per month and year, active)
  addon-set <code> [--name "Naam"] [--description "Tekst"] [--price EUR] [--yearly-price EUR] [--active yes|no]
                                change one add-on of the catalogue
  invoices --until YYYY-MM-DD   close every billing period that ended on or before that day
                                (its end, the day after its last day, is at most the date) for
                                every organisation with items not yet invoiced; prints each
                                invoice made (docs/billing.md "## Invoices")
  renewals --until YYYY-MM-DD   charge every paid plan's next month and every add-on's next
                                month or year that starts on or before that day, each once,
                                and move its paid-through date on; prints each charge
                                (docs/plans.md "Renewals")
  surcharge <labelId> <EUR> "reason"
                                add a Naheffing of that amount (excl. VAT, e.g. 2.50) to a label
                                of any organisation; it goes on the next invoice
  account-mails <email>         the registration mails to that address, newest first, with their
                                text (the confirmation link): without SMTP_URL they are never
                                sent, and this is how a new user on such an install confirms
  backup FILE                   write one file with every row and stored file (PDFs, attachments,
                                logos) of the database, consistent while the app runs
                                (docs/backups.md); it holds secrets: keep it safe
  restore FILE                  fill an EMPTY DATA_DIR (or DATABASE_URL's empty database) from a
                                backup; refuses one that is not empty; start the app after it

The command uses the app's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR
(the running app's, or started for the command when the app is not running).`;

export interface AdminDeps {
  tickets: Pick<TicketService, 'supportReply'>;
  users: Pick<OrganisationRepository['crossOrganisation'], 'setUserRole' | 'listOperators' | 'listAccountMails'>;
  /** The plans and add-ons catalogue (reference data). */
  catalogue: Pick<OrganisationRepository['crossOrganisation'], 'listPlans' | 'updatePlan' | 'listAddons' | 'updateAddon'>;
  invoices: Pick<InvoiceService, 'closeEndedPeriods' | 'addSurcharge'>;
  renewals: Pick<RenewalService, 'renewDue'>;
}

/** A price of the catalogue: "29", "29.5", "29,50" → cents; null when it is no amount or negative. */
function priceCents(text: string): number | null {
  const cents = parseEuroCents(text);
  return cents === null || cents < 0 ? null : cents;
}

/** "--name X --quota 5" → {name: 'X', quota: '5'}; answers a problem for anything else. */
function parseOptions(args: readonly string[], allowed: readonly string[]): Record<string, string> | string {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i] ?? '';
    const value = args[i + 1];
    if (!key.startsWith('--') || !allowed.includes(key.slice(2))) return `unknown option: ${key}`;
    if (value === undefined) return `missing value of ${key}`;
    options[key.slice(2)] = value;
  }
  return options;
}

function yesNo(text: string): boolean | null {
  return text === 'yes' ? true : text === 'no' ? false : null;
}

function planLine(p: { id: string; name: string; labelQuota: number | null; monthlyPriceCents: number; isActive: boolean; isTrial: boolean }): string {
  return [p.id, p.name, p.labelQuota === null ? 'none' : String(p.labelQuota), centsToEuros(p.monthlyPriceCents), p.isActive ? 'active' : 'inactive', p.isTrial ? 'trial' : ''].join('\t').trimEnd();
}

function addonLine(a: { code: string; name: string; monthlyPriceCents: number; yearlyPriceCents: number; isActive: boolean }): string {
  return [a.code, a.name, centsToEuros(a.monthlyPriceCents), centsToEuros(a.yearlyPriceCents), a.isActive ? 'active' : 'inactive'].join('\t');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs one command; answers the exit code and what to print. */
export async function runAdminCommand(args: readonly string[], deps: AdminDeps): Promise<{ code: number; out: string }> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { code: command === undefined ? 1 : 0, out: adminHelp };
    case 'ticket-reply': {
      const [ticketId, ...words] = rest;
      const text = words.join(' ').trim();
      if (!ticketId || !text) return { code: 1, out: `usage: npm run admin -- ticket-reply <ticketId> "text"\n\n${adminHelp}` };
      if (!uuidPattern.test(ticketId)) return { code: 1, out: `no such ticket: ${ticketId}` };
      try {
        const answered = await deps.tickets.supportReply(ticketId, text);
        return { code: 0, out: `replied to ticket ${ticketId} ("${answered.subject}") of organisation ${answered.organisationId}` };
      } catch (error) {
        if (error instanceof AppError && error.messageCode === 'ticket_not_found') return { code: 1, out: `no such ticket: ${ticketId}` };
        throw error;
      }
    }
    case 'operator': {
      const [action, email] = rest;
      if (action === 'list') {
        const operators = await deps.users.listOperators();
        return { code: 0, out: operators.length === 0 ? 'no operators' : operators.map((u) => `${u.email} (${u.name})`).join('\n') };
      }
      if ((action !== 'grant' && action !== 'revoke') || !email) return { code: 1, out: `usage: npm run admin -- operator grant|revoke <email> | operator list\n\n${adminHelp}` };
      const user = await deps.users.setUserRole(email, action === 'grant' ? 'operator' : 'member');
      if (!user) return { code: 1, out: `no user with e-mail address ${email}` };
      return { code: 0, out: action === 'grant' ? `${user.email} is now support (operator)` : `${user.email} is no longer support` };
    }
    case 'account-mails': {
      const [email] = rest;
      if (!email || rest.length !== 1) return { code: 1, out: `usage: npm run admin -- account-mails <email>\n\n${adminHelp}` };
      const mails = await deps.users.listAccountMails(normaliseEmail(email));
      if (mails.length === 0) return { code: 0, out: `no account mails to ${email}` };
      const blocks = mails.map((m) => [`${m.createdAt.toISOString()}  ${m.state}  ${m.subject}`, m.bodyText || '(sent: the text is no longer kept)'].join('\n'));
      return { code: 0, out: blocks.join('\n\n---\n\n') };
    }
    case 'plans':
      return { code: 0, out: ['id\tname\tquota\tprice/month\tactive', ...(await deps.catalogue.listPlans()).map(planLine)].join('\n') };
    case 'plan-set': {
      const [id, ...optionArgs] = rest;
      if (!id) return { code: 1, out: `usage: npm run admin -- plan-set <id> [--name "Naam"] [--quota N|none] [--price EUR] [--active yes|no]` };
      const options = parseOptions(optionArgs, ['name', 'quota', 'price', 'active']);
      if (typeof options === 'string') return { code: 1, out: options };
      const values: Parameters<AdminDeps['catalogue']['updatePlan']>[1] = {};
      if (options.name !== undefined) {
        if (!options.name.trim()) return { code: 1, out: 'the name may not be empty' };
        values.name = options.name.trim();
      }
      if (options.quota !== undefined) {
        if (options.quota !== 'none' && !/^\d{1,9}$/.test(options.quota)) return { code: 1, out: `not a quota: ${options.quota} (a whole number or none)` };
        values.labelQuota = options.quota === 'none' ? null : Number(options.quota);
      }
      if (options.price !== undefined) {
        const cents = priceCents(options.price);
        if (cents === null) return { code: 1, out: `not a price: ${options.price} (euros, e.g. 29.00)` };
        values.monthlyPriceCents = cents;
      }
      if (options.active !== undefined) {
        const active = yesNo(options.active);
        if (active === null) return { code: 1, out: `--active takes yes or no` };
        values.isActive = active;
      }
      const plan = await deps.catalogue.updatePlan(id, values);
      if (!plan) return { code: 1, out: `no such plan: ${id}` };
      return { code: 0, out: planLine(plan) };
    }
    case 'addons':
      return { code: 0, out: ['code\tname\tprice/month\tprice/year\tactive', ...(await deps.catalogue.listAddons()).map(addonLine)].join('\n') };
    case 'addon-set': {
      const [code, ...optionArgs] = rest;
      if (!code) return { code: 1, out: `usage: npm run admin -- addon-set <code> [--name "Naam"] [--description "Tekst"] [--price EUR] [--yearly-price EUR] [--active yes|no]` };
      const options = parseOptions(optionArgs, ['name', 'description', 'price', 'yearly-price', 'active']);
      if (typeof options === 'string') return { code: 1, out: options };
      const values: Parameters<AdminDeps['catalogue']['updateAddon']>[1] = {};
      if (options.name !== undefined) {
        if (!options.name.trim()) return { code: 1, out: 'the name may not be empty' };
        values.name = options.name.trim();
      }
      if (options.description !== undefined) values.description = options.description.trim();
      for (const [option, key] of [['price', 'monthlyPriceCents'], ['yearly-price', 'yearlyPriceCents']] as const) {
        const text = options[option];
        if (text === undefined) continue;
        const cents = priceCents(text);
        if (cents === null) return { code: 1, out: `not a price: ${text} (euros, e.g. 9.95)` };
        values[key] = cents;
      }
      if (options.active !== undefined) {
        const active = yesNo(options.active);
        if (active === null) return { code: 1, out: `--active takes yes or no` };
        values.isActive = active;
      }
      const addon = await deps.catalogue.updateAddon(code, values);
      if (!addon) return { code: 1, out: `no such add-on: ${code}` };
      return { code: 0, out: addonLine(addon) };
    }
    case 'invoices': {
      const [flag, until] = rest;
      if (flag !== '--until' || !until || !isIsoDate(until)) return { code: 1, out: `usage: npm run admin -- invoices --until YYYY-MM-DD\n\n${adminHelp}` };
      const made = await deps.invoices.closeEndedPeriods(until);
      if (made.length === 0) return { code: 0, out: `no periods to close until ${until}` };
      const lines = made.map((i) => `${i.number}  organisation ${i.organisationId}  period ${i.periodStart} – ${i.periodEnd}  total EUR ${centsToEuros(i.totalCents)}  id ${i.id}`);
      return { code: 0, out: [`${made.length} invoice(s) made:`, ...lines].join('\n') };
    }
    case 'renewals': {
      const [flag, until] = rest;
      if (flag !== '--until' || !until || !isIsoDate(until) || rest.length !== 2) return { code: 1, out: `usage: npm run admin -- renewals --until YYYY-MM-DD\n\n${adminHelp}` };
      const charged = await deps.renewals.renewDue(until);
      if (charged.length === 0) return { code: 0, out: `no renewals due until ${until}` };
      const lines = charged.map((c) => `organisation ${c.organisationId}  ${c.description}  EUR ${centsToEuros(c.totalCents)}`);
      return { code: 0, out: [`${charged.length} renewal charge(s) written:`, ...lines].join('\n') };
    }
    case 'surcharge': {
      const [labelId, amount, ...words] = rest;
      const reason = words.join(' ').trim();
      const cents = amount === undefined ? null : parseEuroCents(amount);
      if (!labelId || cents === null || cents <= 0 || !reason) return { code: 1, out: `usage: npm run admin -- surcharge <labelId> <EUR> "reason"\n\n${adminHelp}` };
      if (!uuidPattern.test(labelId)) return { code: 1, out: `no such label: ${labelId}` };
      try {
        const added = await deps.invoices.addSurcharge(labelId, cents, reason);
        return { code: 0, out: `surcharge of EUR ${centsToEuros(cents)} added to label ${labelId} of organisation ${added.organisationId} (item ${added.itemId})` };
      } catch (error) {
        if (error instanceof AppError && error.messageCode === 'label_not_found') return { code: 1, out: `no such label: ${labelId}` };
        throw error;
      }
    }
    default:
      return { code: 1, out: `unknown command: ${command}\n\n${adminHelp}` };
  }
}
