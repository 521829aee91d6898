import type { SocialConfig } from '../../config.ts';
import { SOCIAL_EMULATOR_CREDENTIALS } from '../../integrations/social/emulator-contract.ts';
import { createInstagramClient, type InstagramClient } from '../../integrations/social/instagram-client.ts';
import { createTiktokClient, type TiktokClient } from '../../integrations/social/tiktok-client.ts';
import { createYoutubeClient, type YoutubeClient } from '../../integrations/social/youtube-client.ts';

/** The platforms as the social feature sees them: the real APIs or the emulator is config. Null: not offered. */
export type SocialProviders = {
  youtube: YoutubeClient | null;
  tiktok: TiktokClient | null;
  instagram: InstagramClient | null;
};

/**
 * Clients from config; emulated platforms talk to `emulatorUrl` (main.ts or the test harness started it) with the
 * emulator's credentials, or to an address nothing answers when none was started (a benchmark, a bare app).
 */
export function socialProviders(
  config: SocialConfig,
  emulatorUrl: string | null,
  /** `clock`: the OAuth clients date the tokens they get by it (the app's clock, so expiries agree with our rows). */
  opts: { timeoutMs?: number; clock?: () => number } = {},
): SocialProviders {
  const emu = emulatorUrl ?? 'http://127.0.0.1:1';
  const c = SOCIAL_EMULATOR_CREDENTIALS;
  const { timeoutMs, clock } = opts;
  const y = config.youtube;
  const t = config.tiktok;
  const i = config.instagram;
  return {
    youtube:
      y.mode === 'live'
        ? createYoutubeClient({ apiKey: y.apiKey, baseUrl: y.baseUrl, timeoutMs })
        : y.mode === 'emulator'
          ? createYoutubeClient({ apiKey: c.youtubeApiKey, baseUrl: `${emu}/youtube/v3`, timeoutMs })
          : null,
    tiktok:
      t.mode === 'live'
        ? createTiktokClient({ ...t, timeoutMs, clock })
        : t.mode === 'emulator'
          ? createTiktokClient({
              clientKey: c.tiktokClientKey,
              clientSecret: c.tiktokClientSecret,
              authorizeUrl: `${emu}/tiktok/v2/auth/authorize/`,
              apiBaseUrl: `${emu}/tiktok`,
              timeoutMs,
              clock,
            })
          : null,
    instagram:
      i.mode === 'live'
        ? createInstagramClient({ ...i, graphVersion: config.instagramGraphVersion, timeoutMs, clock })
        : i.mode === 'emulator'
          ? createInstagramClient({
              appId: c.instagramAppId,
              appSecret: c.instagramAppSecret,
              authorizeUrl: `${emu}/instagram/oauth/authorize`,
              apiBaseUrl: `${emu}/instagram`,
              graphBaseUrl: `${emu}/instagram/graph`,
              graphVersion: config.instagramGraphVersion,
              timeoutMs,
              clock,
            })
          : null,
  };
}
