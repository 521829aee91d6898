// The order's three state columns (spec §3/§4), in one module both the campaign contracts and the order machine use.
export const ORDER_STATUSES = ['unpaid', 'paid', 'disputed', 'canceled', 'refunded'] as const;
export const WORK_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
