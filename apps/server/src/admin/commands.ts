import { AppError } from '@verzendhuis/domain/errors';
import { centsToEuros } from '@verzendhuis/domain/plans';
import type { OrganisationRepository } from '../organisation/repository';
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

The command uses the app's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR
(the running app's, or started for the command when the app is not running).`;

export interface AdminDeps {
  tickets: Pick<TicketService, 'supportReply'>;
  users: Pick<OrganisationRepository['crossOrganisation'], 'setUserRole' | 'listOperators'>;
  /** The plans and add-ons catalogue (reference data). */
  catalogue: Pick<OrganisationRepository['crossOrganisation'], 'listPlans' | 'updatePlan' | 'listAddons' | 'updateAddon'>;
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

/** "29", "29.5", "29,50" → cents; null when it is no amount. */
export function eurosToCents(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
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
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ticketId)) return { code: 1, out: `no such ticket: ${ticketId}` };
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
        const cents = eurosToCents(options.price);
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
        const cents = eurosToCents(text);
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
    default:
      return { code: 1, out: `unknown command: ${command}\n\n${adminHelp}` };
  }
}
