import type { Me } from '@app/shared/auth/auth.schemas';
import { OFFERED_CATEGORY_COUNT } from '@app/shared/constants';
import { isLanguage, type Language } from '@app/shared/i18n/language';
import { and, eq, gt, inArray, isNull, like, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accounts,
  categories,
  clients,
  emailChanges,
  influencerCategories,
  influencers,
  sessions,
  signInFailures,
  users,
  verifications,
} from '../../db/schema.ts';

export type NewAccount = {
  id: string;
  role: 'client' | 'influencer' | 'admin';
  email: string;
  passwordHash: string;
  name: string;
  lastname: string;
  mobile: string | null;
  companyId: string | null;
  categoryIds: string[];
  emailVerified?: boolean;
  isOnboarded?: boolean;
  /** The language the browser that signed up was using (issue 26): its mails and screens start in it. */
  language?: Language | null;
};

export function createAuthRepository(db: Db) {
  return {
    async emailExists(email: string, exceptUserId?: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
        .limit(1);
      return rows.length > 0;
    },

    /** The ids among `ids` that an influencer may choose: active and among the first 8 (spec §9). */
    async offeredCategoryIds(ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            inArray(categories.id, ids),
            eq(categories.isActive, true),
            lt(categories.sortOrder, OFFERED_CATEGORY_COUNT),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** User, credential, role row and categories: all or nothing. */
    async createAccount(a: NewAccount, tx: Tx | Db = db) {
      const now = new Date();
      await tx.insert(users).values({
        id: a.id,
        name: `${a.name} ${a.lastname}`,
        email: a.email,
        emailVerified: a.emailVerified ?? false,
        role: a.role,
        language: a.language ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: a.id,
        providerId: 'credential',
        userId: a.id,
        password: a.passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      const profile = {
        userId: a.id,
        name: a.name,
        lastname: a.lastname,
        mobile: a.mobile,
        isOnboarded: a.isOnboarded ?? false,
      };
      if (a.role === 'client') {
        await tx.insert(clients).values({ ...profile, companyId: a.companyId });
      } else if (a.role === 'influencer') {
        const [inf] = await tx.insert(influencers).values(profile).returning({ id: influencers.id });
        if (a.categoryIds.length) {
          await tx
            .insert(influencerCategories)
            .values(a.categoryIds.map((categoryId) => ({ influencerId: inf!.id, categoryId })));
        }
      }
    },

    /** Everything /api/me shows, in one query (the role row is joined from whichever table holds it). */
    async findMe(userId: string): Promise<Me | null> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          role: users.role,
          language: users.language,
          userName: users.name,
          createdAt: users.createdAt,
          clientId: clients.id,
          influencerId: influencers.id,
          name: sql<string | null>`coalesce(${clients.name}, ${influencers.name})`,
          lastname: sql<string | null>`coalesce(${clients.lastname}, ${influencers.lastname})`,
          mobile: sql<string | null>`coalesce(${clients.mobile}, ${influencers.mobile})`,
          companyId: clients.companyId,
          avatarUrl: sql<string | null>`coalesce(${clients.avatarUrl}, ${influencers.avatarUrl})`,
          isOnboarded: sql<boolean | null>`coalesce(${clients.isOnboarded}, ${influencers.isOnboarded})`,
          isActive: sql<boolean | null>`coalesce(${clients.isActive}, ${influencers.isActive})`,
        })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(eq(users.id, userId));
      if (!row) return null;
      const [first = '', ...rest] = row.userName.split(' ');
      return {
        id: row.id,
        email: row.email,
        emailVerified: row.emailVerified,
        role: row.role as Me['role'],
        profileId: row.clientId ?? row.influencerId ?? null,
        name: row.name ?? first,
        lastname: row.lastname ?? rest.join(' '),
        mobile: row.mobile,
        companyId: row.companyId,
        avatarUrl: row.avatarUrl,
        // Admins have no onboarding; null means "no redirect" on the routing screen.
        isOnboarded: row.role === 'admin' ? true : row.isOnboarded,
        isActive: row.isActive ?? true,
        createdAt: row.createdAt.toISOString(),
        language: isLanguage(row.language) ? row.language : null,
      };
    },

    /** The person's language (issue 26). */
    async setLanguage(userId: string, language: Language) {
      await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return row?.id ?? null;
    },

    /** The address in the link is still the account's: confirms it. False when it has changed since. */
    async markEmailVerified(userId: string, email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.email, email)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Moves the account from `from` to the confirmed address `to`. False when the account no longer has `from` (a
     * link already used, or superseded); a unique violation when another account took `to` first.
     */
    /**
     * The change-email link: moves the account to `to` only while that change is pending (issue 27: Cancel, or the
     * old address's undo link, deletes it). 'cancelled' when it is not pending; 'stale' when the account's address is
     * no longer `from`.
     */
    async confirmEmailChange(userId: string, from: string, to: string): Promise<'changed' | 'cancelled' | 'stale'> {
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, userId), eq(emailChanges.newEmail, to)))
          .returning({ userId: emailChanges.userId });
        if (!pending) return 'cancelled';
        const rows = await tx
          .update(users)
          .set({ email: to, emailVerified: true, updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.email, from)))
          .returning({ id: users.id });
        return rows.length > 0 ? 'changed' : 'stale';
      });
    },

    /** Whether the account at this address exists and is deactivated (its owner's choice, not a wrong password). */
    async isDeactivated(email: string): Promise<boolean> {
      const [row] = await db
        .select({ active: sql<boolean | null>`coalesce(${clients.isActive}, ${influencers.isActive})` })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(eq(users.email, email));
      return row?.active === false;
    },

    async signInLockedUntil(email: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ until: signInFailures.lockedUntil })
        .from(signInFailures)
        .where(and(eq(signInFailures.email, email), gt(signInFailures.lockedUntil, now)));
      return row?.until ?? null;
    },

    /**
     * Counts a failed sign-in in one statement (safe under concurrent guesses on several instances). The count
     * restarts after `windowMs`; reaching `max` locks the address for `lockMs` and restarts the count.
     * `lockedNow` is true for exactly the failure that set the lock.
     */
    async recordSignInFailure(
      email: string,
      now: Date,
      limits: { max: number; windowMs: number; lockMs: number },
    ): Promise<{ lockedNow: boolean; lockedUntil: Date | null }> {
      const windowStart = new Date(now.getTime() - limits.windowMs);
      const lockUntil = new Date(now.getTime() + limits.lockMs);
      const f = signInFailures;
      const counted = sql`(case when ${f.windowStartedAt} < ${windowStart} then 1 else ${f.failures} + 1 end)`;
      const reached = sql`${counted} >= ${limits.max}`;
      const [row] = await db
        .insert(f)
        .values({ email, failures: 1, windowStartedAt: now, lockedUntil: null })
        .onConflictDoUpdate({
          target: f.email,
          set: {
            failures: sql`case when ${reached} then 0 else ${counted} end`,
            windowStartedAt: sql`case when ${reached} or ${f.windowStartedAt} < ${windowStart} then ${now} else ${f.windowStartedAt} end`,
            lockedUntil: sql`case when ${reached} then ${lockUntil} else ${f.lockedUntil} end`,
          },
        })
        .returning({ lockedUntil: f.lockedUntil });
      const lockedUntil = row?.lockedUntil ?? null;
      return { lockedNow: lockedUntil?.getTime() === lockUntil.getTime(), lockedUntil };
    },

    async clearSignInFailures(email: string) {
      await db.delete(signInFailures).where(eq(signInFailures.email, email));
    },

    /**
     * Forgets counts kept for addresses that have no account (`unknown:…` keys) once their window and lock are over,
     * so guessing at invented addresses leaves no rows behind.
     */
    async sweepUnknownSignInFailures(now: Date, windowMs: number) {
      const f = signInFailures;
      await db
        .delete(f)
        .where(
          and(
            like(f.email, 'unknown:%'),
            lt(f.windowStartedAt, new Date(now.getTime() - windowMs)),
            or(isNull(f.lockedUntil), lt(f.lockedUntil, now)),
          ),
        );
    },

    /** The account's password hash (credential sign-in), to check a password without signing in. */
    async passwordHashOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
        .limit(1);
      return row?.hash ?? null;
    },

    /**
     * A one-time sign-in link, kept as the SHA-256 of its token in better-auth's `verifications` table (only the
     * mailbox has the token). Written in the caller's transaction, with the mail that carries it.
     */
    async createSignInLink(link: { tokenHash: string; userId: string; expiresAt: Date; now: Date }, tx: Tx | Db = db) {
      // Links nobody opened go when the next one is made.
      await tx
        .delete(verifications)
        .where(and(like(verifications.identifier, 'sign-in-link:%'), lt(verifications.expiresAt, link.now)));
      await tx.insert(verifications).values({
        id: crypto.randomUUID(),
        identifier: `sign-in-link:${link.tokenHash}`,
        value: link.userId,
        expiresAt: link.expiresAt,
        createdAt: link.now,
        updatedAt: link.now,
      });
    },

    /** Uses the link up in one statement (a second click or a racing tab finds nothing): its account, or null. */
    async consumeSignInLink(tokenHash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .delete(verifications)
        .where(and(eq(verifications.identifier, `sign-in-link:${tokenHash}`), gt(verifications.expiresAt, now)))
        .returning({ userId: verifications.value });
      return row?.userId ?? null;
    },

    async deactivate(userId: string) {
      await db.transaction(async (tx) => {
        await tx.update(clients).set({ isActive: false, updatedAt: new Date() }).where(eq(clients.userId, userId));
        await tx
          .update(influencers)
          .set({ isActive: false, updatedAt: new Date() })
          .where(eq(influencers.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      });
    },

    /** An admin gives a deactivated account back (issue 23 §3); its owner signs in again. */
    async reactivate(userId: string) {
      await db.transaction(async (tx) => {
        await tx.update(clients).set({ isActive: true, updatedAt: new Date() }).where(eq(clients.userId, userId));
        await tx
          .update(influencers)
          .set({ isActive: true, updatedAt: new Date() })
          .where(eq(influencers.userId, userId));
      });
    },

    /** Lifts the per-account sign-in lock and forgets the count; the lock it lifted, if one was on. */
    async unlockSignIn(email: string, now: Date): Promise<{ wasLockedUntil: Date | null; failures: number } | null> {
      const [row] = await db
        .delete(signInFailures)
        .where(eq(signInFailures.email, email))
        .returning({ lockedUntil: signInFailures.lockedUntil, failures: signInFailures.failures });
      if (!row) return null;
      const locked = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
      return { wasLockedUntil: locked, failures: row.failures };
    },

    async completeOnboarding(userId: string) {
      await db.update(clients).set({ isOnboarded: true, updatedAt: new Date() }).where(eq(clients.userId, userId));
      await db
        .update(influencers)
        .set({ isOnboarded: true, updatedAt: new Date() })
        .where(eq(influencers.userId, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
