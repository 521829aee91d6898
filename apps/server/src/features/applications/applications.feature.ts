import type { Db } from '../../db/client.ts';
import type { Guards } from '../../lib/guards.ts';
import { createApplicationsRepository } from './applications.repository.ts';
import { applicationsRoutes } from './applications.routes.ts';
import { createApplicationsService, type HirePorts } from './applications.service.ts';

/** Applications: an influencer applies, the client accepts (the hire: an order and its chat) or declines. */
export function createApplicationsFeature(deps: { db: Db; guards: Guards } & HirePorts) {
  const repo = createApplicationsRepository(deps.db);
  const applications = createApplicationsService({ ...deps, repo });
  return { plugin: applicationsRoutes({ applications, guards: deps.guards }), repo };
}
