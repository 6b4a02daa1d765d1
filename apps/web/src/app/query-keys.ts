/** Keys of the TanStack Query cache that more than one part of the app touches. */
export const queryKeys = {
  config: ['config'],
  user: ['user'],
  unansweredTicket: ['tickets', 'unanswered'],
} as const;
