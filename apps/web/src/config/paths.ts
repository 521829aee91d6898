// Every route of spec §2 and how to link to it; nobody builds URL strings inline.
export const paths = {
  root: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: (mode?: 'login' | 'register') => (mode ? `/auth?mode=${mode}` : '/auth') },
  home: { path: '/home', href: () => '/home' },
  influencers: {
    path: '/influencers',
    href: (q?: { category?: string; social?: string }) => {
      const s = new URLSearchParams(Object.entries(q ?? {}).filter(([, v]) => v) as [string, string][]).toString();
      return s ? `/influencers?${s}` : '/influencers';
    },
  },
  influencer: { path: '/influencers/:id', href: (id: string) => `/influencers/${id}` },
  campaigns: { path: '/campaigns', href: () => '/campaigns' },
  campaign: { path: '/campaigns/:id', href: (id: string) => `/campaigns/${id}` },
  orders: { path: '/orders', href: () => '/orders' },
  chat: { path: '/chat', href: () => '/chat' },
  settings: { path: '/settings', href: () => '/settings' },
  clientWizard: { path: '/client-wizard-:step', href: (step: 1 | 2 | 3) => `/client-wizard-${step}` },
  influencerWizard: { path: '/influencer-wizard-:step', href: (step: 1 | 2 | 3) => `/influencer-wizard-${step}` },
  terms: { path: '/terms-of-service', href: () => '/terms-of-service' },
  privacy: { path: '/privacy-policy', href: () => '/privacy-policy' },
  /** Served by the server (only when it runs with its local mailbox), not by this app's router: link with <a>. */
  devMailbox: { path: '/dev/mailbox', href: () => '/dev/mailbox' },
} as const;
