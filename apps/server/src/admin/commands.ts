import { AppError } from '@verzendhuis/domain/errors';
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

The command uses the app's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR
(the running app's, or started for the command when the app is not running).`;

export interface AdminDeps {
  tickets: Pick<TicketService, 'supportReply'>;
  users: Pick<OrganisationRepository['crossOrganisation'], 'setUserRole' | 'listOperators'>;
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
    default:
      return { code: 1, out: `unknown command: ${command}\n\n${adminHelp}` };
  }
}
