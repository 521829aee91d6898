// Settings → Social Media and wizard-1 (spec §2, §4; issue 22 §4): influencers only, always their own accounts.
import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  fetchAccountInput,
  fetchAccountResponse,
  platformSettings,
  platformSettingsInput,
  socialOverview,
  socialPlatform,
  verifyResponse,
} from './social.schemas.ts';

const platformParams = z.object({ platform: socialPlatform });

export const socialRoutes = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/social',
    response: { 200: socialOverview },
    tags: ['social'],
    summary: 'My social accounts (verification state, counts) and per-platform categories and price range',
  }),
  fetch: defineRoute({
    method: 'POST',
    path: '/api/social/:platform/fetch',
    params: platformParams,
    // Where the platform's consent screen sends the person back to (TikTok, Instagram).
    body: fetchAccountInput.extend({ returnTo: z.enum(['settings', 'wizard']).default('settings') }),
    response: { 200: fetchAccountResponse },
    tags: ['social'],
    summary:
      'Resolve a handle or channel URL through the platform and issue a code valid 24 hours (TikTok and Instagram: also the consent URL)',
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/social/:platform/verify',
    params: platformParams,
    response: { 200: verifyResponse },
    tags: ['social'],
    summary: 'Read the account again and look for the code in its description or bio',
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/social/:platform/settings',
    params: platformParams,
    body: platformSettingsInput,
    response: { 200: platformSettings },
    tags: ['social'],
    summary: 'Up to 3 categories (of the first 8) and a price range (0–5000 GEL, step 10) for one platform',
  }),
  /** The platform's consent screen sends the browser here; it answers with a 303 to the screen that started it. */
  oauthCallback: defineRoute({
    method: 'GET',
    path: '/api/social/:platform/oauth/callback',
    params: z.object({ platform: z.enum(['tiktok', 'instagram'], 'Only TikTok and Instagram connect by OAuth') }),
    query: z.object({
      code: z.string().max(2000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
      scopes: z.string().max(500).optional(),
    }),
    response: {},
    tags: ['social'],
    summary: 'OAuth redirect target (TikTok, Instagram): checks state, exchanges the code with the PKCE verifier',
  }),
} as const;
