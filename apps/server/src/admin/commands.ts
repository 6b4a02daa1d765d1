import { AppError } from '@verzendhuis/domain/errors';
import { centsToEuros } from '@verzendhuis/contract/billing';
import { isIsoDate, parseEuroCents } from '@verzendhuis/domain/invoices';
import type { InvoiceService } from '../invoices/service';
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
  invoices --until YYYY-MM-DD   close every billing period that ended on or before that day
                                (its end, the day after its last day, is at most the date) for
                                every organisation with items not yet invoiced; prints each
                                invoice made (docs/billing.md "## Invoices")
  surcharge <labelId> <EUR> "reason"
                                add a Naheffing of that amount (excl. VAT, e.g. 2.50) to a label
                                of any organisation; it goes on the next invoice

The command uses the app's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR
(the running app's, or started for the command when the app is not running).`;

export interface AdminDeps {
  tickets: Pick<TicketService, 'supportReply'>;
  invoices: Pick<InvoiceService, 'closeEndedPeriods' | 'addSurcharge'>;
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
    case 'invoices': {
      const [flag, until] = rest;
      if (flag !== '--until' || !until || !isIsoDate(until)) return { code: 1, out: `usage: npm run admin -- invoices --until YYYY-MM-DD\n\n${adminHelp}` };
      const made = await deps.invoices.closeEndedPeriods(until);
      if (made.length === 0) return { code: 0, out: `no periods to close until ${until}` };
      const lines = made.map((i) => `${i.number}  organisation ${i.organisationId}  period ${i.periodStart} – ${i.periodEnd}  total EUR ${centsToEuros(i.totalCents)}  id ${i.id}`);
      return { code: 0, out: [`${made.length} invoice(s) made:`, ...lines].join('\n') };
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
