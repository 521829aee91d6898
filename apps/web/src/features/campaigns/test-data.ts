// Campaigns as the API sends them, for this feature's component tests; override what a test is about.
import type {
  ApplicationDto,
  CampaignCard,
  CampaignDetail,
  OrderSummary,
} from '@app/shared/campaigns/campaign.schemas';

export const CLIENT = { id: 'c1', name: 'Nino', lastname: 'Beridze', avatarUrl: null };

export function aCampaignDetail(patch: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    id: '5b1d2c3e-0000-4000-8000-000000000001',
    title: 'Summer drinks launch',
    description: 'Three stories about our new lemonade.',
    budgetMinor: 150_000,
    uploadLink: null,
    deadline: null,
    socials: ['instagram'],
    status: 'open',
    createdAt: '2026-07-01T09:00:00.000Z',
    client: CLIENT,
    displayStatus: 'open',
    viewer: { isOwner: false, canDelete: false, canApply: true, application: null, invited: false },
    counts: null,
    applications: null,
    order: null,
    clientRating: null,
    ...patch,
  };
}

/** A hire as the detail shows it: unpaid, nothing done yet; override the state a test is about. */
export function anOrderSummary(patch: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'o1',
    status: 'unpaid',
    amountMinor: 150_000,
    workStatus: 'not_started',
    approvalStatus: null,
    createdAt: '2026-07-03T09:00:00.000Z',
    influencer: { id: 'i1', name: 'Giorgi', lastname: 'Kapanadze', avatarUrl: null },
    chatId: 'chat-1',
    stage: 'payment_pending',
    actions: [],
    proofUrl: null,
    proofCheck: null,
    completionNotes: null,
    approvalFeedback: null,
    workStartedAt: null,
    workCompletedAt: null,
    approvedAt: null,
    reviewDeadlineAt: null,
    myRating: null,
    counterpartDeactivated: false,
    ...patch,
  };
}

export function aCampaignCard(patch: Partial<CampaignCard> = {}): CampaignCard {
  const { viewer: _v, counts: _c, applications: _a, order: _o, clientRating: _r, ...base } = aCampaignDetail();
  return { ...base, applicationStatus: null, invited: false, applicationsCount: null, ...patch };
}

export function anApplication(patch: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 'a1',
    status: 'pending',
    createdAt: '2026-07-02T09:00:00.000Z',
    influencer: { id: 'i1', name: 'Giorgi', lastname: 'Kapanadze', avatarUrl: null, socials: { instagram: 'giorgi' } },
    ...patch,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, details?: unknown) =>
  json({ error: { code, message, details } }, status);
