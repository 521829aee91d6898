import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type HitCounter, takeOne } from '../../lib/rate-limit.ts';

export type YoutubeVerifyLimits = {
  /** Fetch and Verify calls one influencer may make in a day (each a channels.list call). */
  perPersonPerDay: number;
  /** Verify calls on one channel in a day, whoever makes them. */
  perChannelPerDay: number;
  /** Units the whole server may spend on Fetch and Verify in a day (YOUTUBE_VERIFY_DAILY_UNITS). */
  dailyUnits: number;
};

const HOUR = 60 * 60_000;
const PACIFIC = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** YouTube's quota day (it resets at midnight Pacific time): its date, and about how long until it ends. */
function quotaDay(now: Date): { day: string; hoursLeft: number } {
  const p = Object.fromEntries(PACIFIC.formatToParts(now).map((x) => [x.type, x.value]));
  const minutesIntoDay = Number(p.hour) * 60 + Number(p.minute);
  return { day: `${p.year}-${p.month}-${p.day}`, hoursLeft: Math.max(1, Math.ceil((24 * 60 - minutesIntoDay) / 60)) };
}

/**
 * Every Fetch and Verify of a YouTube channel is a paid channels.list call out of the project's 10,000 units a day
 * (issue 21 §4: one influencer verifying again and again from three addresses spent 60 units). Before the call it
 * counts one against the person, the channel (Verify) and the day's verification budget, which is apart from the
 * follower refresh's (YOUTUBE_REFRESH_DAILY_UNITS), so neither can starve the other. A refusal changes nothing and
 * spends nothing further. A Fetch answered from the 10-minute preview cache still counts: the budget errs on the
 * safe side. Counters are PostgreSQL's (every instance), keyed by YouTube's day.
 */
export function createYoutubeVerifyBudget(deps: { count: HitCounter; clock: Clock; limits: YoutubeVerifyLimits }) {
  const { count, limits } = deps;
  return {
    async spend(who: { influencerId: string; channelId?: string | null }) {
      const { day, hoursLeft } = quotaDay(deps.clock());
      const later = hoursLeft <= 1 ? 'in about an hour' : `in about ${hoursLeft} hours`;
      // The key carries the day; the row outlives it a little and is then swept.
      const window = (max: number) => ({ max, windowMs: 25 * HOUR });
      await takeOne(
        count,
        `yt-verify:person:${who.influencerId}:${day}`,
        window(limits.perPersonPerDay),
        () =>
          `You have checked YouTube channels ${limits.perPersonPerDay} times today, the most we allow. Please try again ${later}.`,
      );
      if (who.channelId) {
        await takeOne(
          count,
          `yt-verify:channel:${who.channelId}:${day}`,
          window(limits.perChannelPerDay),
          () => `This YouTube channel has been checked too many times today. Please try again ${later}.`,
        );
      }
      const all = await count(`yt-verify:all:${day}`, 25 * HOUR);
      if (all.current > limits.dailyUnits) {
        throw new AppError(
          'SOCIAL_QUOTA',
          `YouTube verification has reached its limit for today. Please try again ${later}.`,
          503,
        );
      }
    },
  };
}
export type YoutubeVerifyBudget = ReturnType<typeof createYoutubeVerifyBudget>;

/**
 * A daily allowance of YouTube units kept in the same counters, keyed by YouTube's quota day: the proof-of-post check
 * (decision 039) spends from its own, as the follower refresh and verification do, so none can starve the others.
 * `take()` answers false once the day's units are spent (nothing is called then).
 */
export function createYoutubeDailyUnits(deps: { count: HitCounter; clock: Clock; name: string; dailyUnits: number }) {
  return {
    async take(): Promise<boolean> {
      const { day } = quotaDay(deps.clock());
      const used = await deps.count(`yt-${deps.name}:all:${day}`, 25 * HOUR);
      return used.current <= deps.dailyUnits;
    },
  };
}
export type YoutubeDailyUnits = ReturnType<typeof createYoutubeDailyUnits>;
