import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
