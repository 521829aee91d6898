import type { Db } from '../../db/client.ts';
import type { Guards } from '../../lib/guards.ts';
import { adminRoutes } from './admin.routes.ts';
import {
  type AccountsPort,
  createAdminService,
  type OrderActionsPort,
  type SocialResetsPort,
} from './admin.service.ts';
import { createAdminOrdersRepository } from './admin-orders.repository.ts';
import { createAdminPeopleRepository } from './admin-people.repository.ts';

/** The admin console (issue 23 §3, decision 031): people, orders and money, and the actions admins take. */
export function createAdminFeature(deps: {
  db: Db;
  guards: Guards;
  accounts: AccountsPort;
  social: SocialResetsPort;
  orderActions: OrderActionsPort;
}) {
  const admin = createAdminService({
    people: createAdminPeopleRepository(deps.db),
    orders: createAdminOrdersRepository(deps.db),
    accounts: deps.accounts,
    social: deps.social,
    orderActions: deps.orderActions,
  });
  return { plugin: adminRoutes({ admin, guards: deps.guards }) };
}
