// Instagram connections that never lapse (issue 25 §1.2): a long-lived token lasts 60 days and Instagram renews it
// only while it is valid and at least 24 hours old, so waiting for its expiry (as an access token's minute-early
// refresh does) lets every connection die at day 60. A daily job renews each one once it is a week old; one the
// platform will not renew marks the account "reconnect needed" and mails the influencer once.
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { socialReconnectMail } from '../../integrations/mail/templates.ts';
import type { TokenBox } from '../../integrations/social/oauth.ts';
import { SocialApiError } from '../../integrations/social/social-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlatformReader } from './platform-reader.ts';
import type { SocialRepository } from './social.repository.ts';

const DAY = 24 * 60 * 60_000;
/** A token this old is renewed (Instagram's floor is 24 hours; a week leaves 53 daily chances before day 60). */
export const INSTAGRAM_RENEW_AFTER_MS = 7 * DAY;

export function createTokenRefresh(deps: {
  db: Db;
  repo: SocialRepository;
  reader: PlatformReader;
  tokens: TokenBox;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
  log: { warn: (o: object, m: string) => void };
}) {
  const { db, repo, reader, tokens, mailer, clock, log } = deps;

  return async function refreshInstagramTokens(opts: { limit?: number } = {}) {
    const now = clock();
    const rows = await repo.instagramTokensDue(
      new Date(now.getTime() - INSTAGRAM_RENEW_AFTER_MS),
      now,
      opts.limit ?? 5000,
    );
    const result = { renewed: 0, reconnectNeeded: 0, skipped: 0 };
    for (const row of rows) {
      const access = tokens.open(row.accessTokenEnc);
      try {
        if (!access) throw new SocialApiError('instagram', 'token', 'sealed with another secret', 'unreadable token');
        const fresh = await reader.oauthClient('instagram').refresh({ accessToken: access, refreshToken: null });
        await repo.update(db, row.id, reader.sealed(fresh), now);
        result.renewed++;
      } catch (err) {
        const dead =
          err instanceof SocialApiError && (err.kind === 'token' || err.kind === 'oauth' || err.kind === 'private');
        if (!dead) {
          // Down or limiting us: tomorrow's run asks again, long before the token expires.
          result.skipped++;
          log.warn({ platform: 'instagram', kind: (err as SocialApiError).kind }, 'social: token renewal skipped');
          continue;
        }
        // Read before the transaction: PGlite has one connection, and a read outside `tx` inside it would wait forever.
        const who = await repo.influencerContact(row.influencerId);
        await db.transaction(async (tx) => {
          await repo.update(
            tx,
            row.id,
            {
              reconnectNeededAt: now,
              lastError: `token renewal refused: ${(err as SocialApiError).detail}`.slice(0, 500),
            },
            now,
          );
          if (who) {
            await mailer.send(
              socialReconnectMail({
                to: who.email,
                name: who.name,
                platform: 'Instagram',
                url: `${deps.publicUrl}/settings?section=socials`,
                language: who.language,
              }),
              { tx },
            );
          }
        });
        result.reconnectNeeded++;
      }
    }
    return result;
  };
}
