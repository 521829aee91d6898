// Outgoing mail (the local mailbox on defaults), in-app notifications and the audit trail.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** RFC 8058 one-click unsubscribe address of a notice mail (List-Unsubscribe, List-Unsubscribe-Post). */
    listUnsubscribe: text('list_unsubscribe'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Delivery, by the `mail.deliver` job (integrations/mail, decision 028): queued → sending → sent; a failure
    // before the body left goes back to queued (failed after the last attempt); an attempt that handed the body
    // over and never heard the relay's answer is maybe_sent, sent once more at resend_at, then unconfirmed.
    status: text('status', { enum: ['queued', 'sending', 'sent', 'maybe_sent', 'failed', 'unconfirmed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    /** When the attempt in flight (status sending) started its SMTP conversation. */
    attemptStartedAt: ts('attempt_started_at'),
    /** When that attempt began handing the body to the relay: from then on the relay may have accepted it. */
    bodyStartedAt: ts('body_started_at'),
    /** Attempts whose outcome is unknown (the body was handed over, no answer came): one re-send after the first. */
    uncertainAttempts: integer('uncertain_attempts').notNull().default(0),
    /** When a maybe_sent mail is sent once more. */
    resendAt: ts('resend_at'),
    /** The relay's reply accepting the mail (e.g. "250 2.0.0 Ok: queued as 4XyZ"), to find it in the relay's log. */
    relayResponse: text('relay_response'),
  },
  (t) => [
    index('mail_outbox_to_created_idx').on(t.to, t.createdAt.desc()),
    check(
      'mail_outbox_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'maybe_sent', 'failed', 'unconfirmed')`,
    ),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_actor_idx').on(t.actorId)],
);

/**
 * Rate-limit counters shared by every instance (issue 12 §1: sign-in and message limits must hold across a
 * balancer's instances, not per process). One row per route and key (an address or a person) and window;
 * `lib/pg-rate-limit-store.ts` counts with one upsert and sweeps expired rows now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
