// The clients' side of the marketplace (issue 22 §4): directory, profile, Home and the invite dialog's campaigns.
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { invitableCampaigns } from '../invitations/invitation.schemas.ts';
import { clientHome, directoryQuery, directoryResponse, influencerProfile } from './influencer.schemas.ts';

export const influencerRoutes = {
  directory: defineRoute({
    method: 'GET',
    path: '/api/influencers',
    query: directoryQuery,
    response: { 200: directoryResponse },
    tags: ['influencers'],
    summary: 'Active influencers newest first, filtered by category and social platform (keyset pages)',
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/api/influencers/:id',
    params: idParam,
    response: { 200: influencerProfile },
    tags: ['influencers'],
    summary: 'An active influencer’s profile: card, contact e-mail, join date, hires',
  }),
  invitableCampaigns: defineRoute({
    method: 'GET',
    path: '/api/influencers/:id/invitable-campaigns',
    params: idParam,
    response: { 200: invitableCampaigns },
    tags: ['invitations'],
    summary: 'The caller’s open campaigns, each saying whether this influencer is invited or applied',
  }),
  home: defineRoute({
    method: 'GET',
    path: '/api/home',
    response: { 200: clientHome },
    tags: ['influencers'],
    summary: 'Client Home: counts of active influencers and own open campaigns, Top Influencers',
  }),
} as const;
