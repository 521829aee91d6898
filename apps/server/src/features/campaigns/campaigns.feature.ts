import type { Db } from '../../db/client.ts';
import type { Guards } from '../../lib/guards.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { type CampaignRemovalPorts, createCampaignsService } from './campaigns.service.ts';

/** Campaigns: created by clients, listed and searched, deleted while no money is on record. */
export function createCampaignsFeature(deps: { db: Db; guards: Guards; reads: ReadCache } & CampaignRemovalPorts) {
  const repo = createCampaignsRepository(deps.db);
  const campaigns = createCampaignsService({ db: deps.db, repo, orders: deps.orders, chats: deps.chats });
  return { plugin: campaignsRoutes({ campaigns, guards: deps.guards, reads: deps.reads }), repo };
}
