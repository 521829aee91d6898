// Applications to campaigns (issue 22 §4): an influencer applies, the campaign's client accepts or rejects. Their
// schemas live with the campaigns' (campaigns/campaign.schemas.ts), whose screens show them.
import { applyResponse, decideApplicationResponse } from '../campaigns/campaign.schemas.ts';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';

export const applicationRoutes = {
  apply: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/applications',
    params: idParam,
    response: { 201: applyResponse },
    tags: ['applications'],
    summary: 'Apply to an open campaign (once per campaign); answers a pending invitation to it',
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/accept',
    params: idParam,
    response: { 200: decideApplicationResponse },
    tags: ['applications'],
    summary: 'Hire the applicant: creates the unpaid order for the budget and its chat, rejects the others',
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/reject',
    params: idParam,
    response: { 200: decideApplicationResponse },
    tags: ['applications'],
    summary: 'Reject a pending application',
  }),
} as const;
