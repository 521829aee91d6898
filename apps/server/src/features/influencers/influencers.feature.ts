import type { Db } from '../../db/client.ts';
import type { Guards } from '../../lib/guards.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { createInfluencersRepository } from './influencers.repository.ts';
import { influencersRoutes } from './influencers.routes.ts';
import { createInfluencersService } from './influencers.service.ts';

/** The influencer directory and profiles. */
export function createInfluencersFeature(deps: { db: Db; guards: Guards; reads: ReadCache }) {
  const influencers = createInfluencersService({ repo: createInfluencersRepository(deps.db) });
  return { plugin: influencersRoutes({ influencers, guards: deps.guards, reads: deps.reads }) };
}
