import type { SupportHistoryItem, supportHistoryQuery } from '@app/shared/chat/support.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.ts';
import type { Actor } from '../auth/auth.service.ts';
import { closedSupportChats } from './support-history.repository.ts';

/**
 * Settings → Help → Admin Support keeps a person's closed conversations readable (issue 27): the list of them; each
 * opens through the chat's own messages route, which already lets its user read it after it closed.
 */
export function createSupportHistory(deps: { db: Db }) {
  return {
    async closed(actor: Actor, query: z.output<typeof supportHistoryQuery>) {
      if (actor.role === 'admin') throw forbidden('Admins read closed support chats in the support inbox.');
      const cursor = decodeKeyset(query.cursor, { kind: 'timestamp', tag: 'support-history' });
      const rows = await closedSupportChats(deps.db, { userId: actor.userId, cursor, limit: query.limit });
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page.at(-1);
      return {
        items: page.map(
          (r): SupportHistoryItem => ({
            id: r.id,
            createdAt: r.createdAt.toISOString(),
            closedAt: r.closedAt?.toISOString() ?? null,
            firstMessage: r.firstMessage,
          }),
        ),
        nextCursor: more && last ? encodeKeyset({ key: last.key, id: last.id }, 'support-history') : null,
      };
    },
  };
}
export type SupportHistory = ReturnType<typeof createSupportHistory>;
