import { alias } from 'drizzle-orm/pg-core';
import { campaignApplications, campaigns, clients, influencers } from '../../db/schema.ts';

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
