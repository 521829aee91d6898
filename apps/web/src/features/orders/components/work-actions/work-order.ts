import type { OrderSummary } from '@app/shared/campaigns/campaign.schemas';

/** What the work steps need of an order: the campaign's summary has all of it, an Orders row most of it. */
export type WorkOrder = Pick<OrderSummary, 'id' | 'stage' | 'actions' | 'approvalFeedback'> &
  Partial<
    Pick<
      OrderSummary,
      | 'proofUrl'
      | 'proofCheck'
      | 'completionNotes'
      | 'reviewDeadlineAt'
      | 'approvedAt'
      | 'myRating'
      | 'chatId'
      | 'counterpartDeactivated'
      | 'amountMinor'
    >
  >;

/** Where the steps are drawn: a panel (campaign, Orders) stacks them; the chat's order bar lines them up small. */
export type Place = 'panel' | 'chat';

/** The buttons' size: small in the chat's order bar. */
export type Size = 'sm' | 'default';
