// The whole data model (spec §3 plus what the server needs), one module per domain.
export * from './schema/admin.ts';
export * from './schema/auth.ts';
export * from './schema/cancel-proposals.ts';
export * from './schema/communication.ts';
export * from './schema/disputes.ts';
export * from './schema/jobs.ts';
export * from './schema/marketplace.ts';
export * from './schema/notifications.ts';
export * from './schema/order-history.ts';
export * from './schema/payments.ts';
export * from './schema/people.ts';
export * from './schema/social.ts';
export * from './schema/system.ts';
