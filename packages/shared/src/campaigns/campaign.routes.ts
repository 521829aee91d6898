// The campaigns' endpoints (issue 22 §4). Applying and deciding on applications are in
// applications/application.routes.ts, as on the server.
import { z } from 'zod';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { campaignDetail, campaignListQuery, campaignListResponse, createCampaignInput } from './campaign.schemas.ts';

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/campaigns',
    query: campaignListQuery,
    response: { 200: campaignListResponse },
    tags: ['campaigns'],
    summary:
      'Campaign cards, newest first: a client’s own, or for an influencer the open ones and those they applied to; deadline not passed',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/campaigns',
    body: createCampaignInput,
    response: { 201: campaignDetail },
    tags: ['campaigns'],
    summary: 'Create an open campaign on one social network (budget in whole GEL)',
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id',
    params: idParam,
    response: { 200: campaignDetail },
    tags: ['campaigns'],
    summary: 'Everything the detail screen shows, trimmed to what this viewer may see',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/campaigns/:id',
    params: idParam,
    response: { 204: z.null() },
    tags: ['campaigns'],
    summary: 'Delete an own campaign that has no paid order; unpaid orders go with it and their chats close',
  }),
} as const;
