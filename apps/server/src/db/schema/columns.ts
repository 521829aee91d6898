import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orderedId } from '../../lib/ordered-id.ts';

/** Every timestamp is timestamptz. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A full-text search document; written by PostgreSQL (a generated column), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The id of a row listed newest first by (created_at, id): a UUIDv7 made by the app, so rows that tie on created_at
 * keep the order they were made in (lib/ordered-id.ts). Rows written by raw SQL get the database's random default.
 */
export const orderedPk = () => uuid('id').primaryKey().defaultRandom().$defaultFn(orderedId);
