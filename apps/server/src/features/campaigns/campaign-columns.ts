import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { campaignApplications, campaigns, clients, influencers, orders } from '../../db/schema.ts';

/** What every campaign read selects: the card's columns and its client. */
export const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  description: campaigns.description,
  budgetMinor: campaigns.budgetMinor,
  uploadLink: campaigns.uploadLink,
  deadline: campaigns.deadline,
  socials: campaigns.socials,
  status: campaigns.status,
  createdAt: campaigns.createdAt,
  clientId: campaigns.clientId,
  client: { id: clients.id, name: clients.name, lastname: clients.lastname, avatarUrl: clients.avatarUrl },
};

export const myApplication = alias(campaignApplications, 'my_application');
export const orderInfluencer = alias(influencers, 'order_influencer');

/** Joins the reading influencer's own application (none for a client). */
export const myApplicationJoin = (influencerId: string | null | undefined) =>
  influencerId
    ? and(eq(myApplication.campaignId, campaigns.id), eq(myApplication.influencerId, influencerId))
    : sql`false`;

/** Joins the order a reader sees on a campaign: an influencer's own (through their application), else the live one. */
export const campaignOrderJoin = (influencerId: string | null | undefined) =>
  influencerId
    ? eq(orders.applicationId, myApplication.id)
    : and(eq(orders.campaignId, campaigns.id), ne(orders.status, 'canceled'));
