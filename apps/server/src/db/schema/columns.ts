import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A full-text search document; written by PostgreSQL (a generated column), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
