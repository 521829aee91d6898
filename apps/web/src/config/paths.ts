import type { SignupRole } from '@app/shared/constants';

/** The onboarding wizards have three screens each. */
export type WizardStep = 1 | 2 | 3;

// Every route of spec §2 and how to link to it; nobody builds URL strings inline.
export const paths = {
  root: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: (tab?: 'login' | 'register') => (tab === 'register' ? '/auth?tab=register' : '/auth') },
  home: { path: '/home', href: () => '/home' },
  influencers: {
    path: '/influencers',
    href: (q?: { category?: string; social?: string; sort?: string; minFollowers?: string }) => {
      const s = new URLSearchParams(Object.entries(q ?? {}).filter(([, v]) => v) as [string, string][]).toString();
      return s ? `/influencers?${s}` : '/influencers';
    },
  },
  influencer: { path: '/influencers/:id', href: (id: string) => `/influencers/${id}` },
  campaigns: {
    path: '/campaigns',
    /**
     * The list's search (`q`), `platform`, `sort` (newest, the default, is left out) and budget range in whole GEL,
     * as the API names them; `create` opens the create-campaign modal (the page then drops it).
     */
    href: (q?: {
      q?: string;
      platform?: string;
      sort?: string;
      minBudget?: number;
      maxBudget?: number;
      create?: boolean;
    }) => {
      const s = new URLSearchParams();
      if (q?.q) s.set('q', q.q);
      if (q?.platform) s.set('platform', q.platform);
      if (q?.sort && q.sort !== 'newest') s.set('sort', q.sort);
      if (q?.minBudget !== undefined) s.set('minBudget', String(q.minBudget));
      if (q?.maxBudget !== undefined) s.set('maxBudget', String(q.maxBudget));
      if (q?.create) s.set('create', '1');
      const query = s.toString();
      return query ? `/campaigns?${query}` : '/campaigns';
    },
  },
  campaign: { path: '/campaigns/:id', href: (id: string) => `/campaigns/${id}` },
  orders: { path: '/orders', href: () => '/orders' },
  /** Issue 24 §2: the notification centre (the bell). */
  notifications: { path: '/notifications', href: () => '/notifications' },
  /** With a chat id, that conversation open. */
  chat: { path: '/chat', href: (chatId?: string | null) => (chatId ? `/chat?c=${chatId}` : '/chat') },
  /** One route (spec §2); `section` opens one of its screens as a history entry, so Back returns to the menu. */
  settings: { path: '/settings', href: (section?: string) => (section ? `/settings?section=${section}` : '/settings') },
  /** /client-wizard-1 … /influencer-wizard-3: the router matches whole segments only, so each step is its own path. */
  wizard: { href: (role: SignupRole, step: WizardStep) => `/${role}-wizard-${step}` },
  /** Admin only: the console (issue 23 §3) and its screens. */
  admin: { path: '/admin', href: () => '/admin' },
  adminPeople: {
    path: '/admin/people',
    href: (q?: { q?: string; role?: string; active?: string; verified?: string; onboarded?: string }) => {
      const s = new URLSearchParams(Object.entries(q ?? {}).filter(([, v]) => v) as [string, string][]).toString();
      return s ? `/admin/people?${s}` : '/admin/people';
    },
  },
  adminPerson: { path: '/admin/people/:id', href: (id: string) => `/admin/people/${encodeURIComponent(id)}` },
  adminOrders: {
    path: '/admin/orders',
    href: (q?: {
      q?: string;
      stage?: string;
      party?: string;
      campaignId?: string;
      minAmount?: string;
      maxAmount?: string;
    }) => {
      const s = new URLSearchParams(Object.entries(q ?? {}).filter(([, v]) => v) as [string, string][]).toString();
      return s ? `/admin/orders?${s}` : '/admin/orders';
    },
  },
  adminOrder: { path: '/admin/orders/:id', href: (id: string) => `/admin/orders/${id}` },
  adminMoney: { path: '/admin/money', href: () => '/admin/money' },
  /** Built with disputes (issue 23 §1); the console links to it. */
  /** Admin only: the monthly payout batches and one batch. */
  adminPayouts: { path: '/admin/payouts', href: () => '/admin/payouts' },
  adminSupport: { path: '/admin/support', href: () => '/admin/support' },
  /** Admin only: the disputes' queue and one dispute with its order's evidence (issue 23). */
  adminDisputes: { path: '/admin/disputes', href: () => '/admin/disputes' },
  adminDispute: { path: '/admin/disputes/:id', href: (id: string) => `/admin/disputes/${id}` },
  adminPayout: { path: '/admin/payouts/:id', href: (id: string) => `/admin/payouts/${id}` },
  terms: { path: '/terms-of-service', href: () => '/terms-of-service' },
  privacy: { path: '/privacy-policy', href: () => '/privacy-policy' },
  /** Served by the server (only when it runs with its local mailbox), not by this app's router: link with <a>. */
  devMailbox: { path: '/dev/mailbox', href: () => '/dev/mailbox' },
} as const;
