import type { OrderListItem, orderListQuery } from '@app/shared/orders/order.schemas';
import { moneyStage, type OrderState, orderStage, viewerActions } from '@app/shared/orders/order-machine';
import type { z } from 'zod';
import { decodeCursor, pageFrom } from '../../lib/cursor.ts';
import { profileOf } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrdersRepository } from './orders.repository.ts';

export function createOrdersService(deps: { repo: OrdersRepository }) {
  const { repo } = deps;
  return {
    /** The Orders page (spec §2): the influencer's own orders only. */
    async listForInfluencer(actor: Actor, query: z.output<typeof orderListQuery>) {
      const rows = await repo.influencerPage({
        influencerId: profileOf(actor, 'influencer'),
        userId: actor.userId,
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.cursorAt, id: r.id }));
      return {
        items: page.items.map(({ cursorAt: _, createdAt, rated, paidOut, clientActive, ...r }) => {
          const state = r as OrderState;
          return {
            ...r,
            counterpartDeactivated: !clientActive,
            stage: orderStage(state),
            money: moneyStage(state, paidOut),
            actions: viewerActions(state, 'influencer', { rated }),
            createdAt: createdAt.toISOString(),
          } as OrderListItem;
        }),
        nextCursor: page.nextCursor,
      };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
