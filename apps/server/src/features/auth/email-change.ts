import { EMAIL_CHANGE_MESSAGES, type EmailChangeDto } from '@app/shared/auth/email-change.schemas';
import { SUPPORT_EMAIL } from '@app/shared/constants';
import type { Language } from '@app/shared/i18n/language';
import { jwtVerify, SignJWT } from 'jose';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { emailChangeNoticeMail } from '../../integrations/mail/templates.ts';
import type { EmailChangeRepository } from './email-change.repository.ts';

const PURPOSE = 'email-change-undo';
/** The old address's undo link works this long (a person may read that mail days later). */
const UNDO_TTL_SECONDS = 14 * 24 * 60 * 60;

const none: EmailChangeDto = { pendingEmail: null, requestedAt: null };

/**
 * An e-mail change waiting for its link (issue 27): the profile shows it (Resend, Cancel), the old address is told
 * with a signed link that cancels it, and the change-email link works only while it is pending (auth.repository
 * confirmEmailChange). better-auth's link itself is stateless; this row is what Cancel can take back.
 */
export function createEmailChanges(deps: {
  repo: EmailChangeRepository;
  mailer: Mailer;
  /** AUTH_SECRET: signs the undo link. */
  secret: string;
  publicUrl: string;
}) {
  const { repo } = deps;
  const key = new TextEncoder().encode(deps.secret);

  async function undoToken(userId: string, newEmail: string) {
    return new SignJWT({ purpose: PURPOSE, to: newEmail })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${UNDO_TTL_SECONDS}s`)
      .sign(key);
  }

  async function readUndoToken(token: string): Promise<{ userId: string; to: string } | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string' || typeof payload.to !== 'string') return null;
      return { userId: payload.sub, to: payload.to };
    } catch {
      return null;
    }
  }

  const failed = (page: string, code: string, description: string) =>
    `${page}#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`;

  return {
    /** A change was asked for and its link sent: kept as pending, and the old address told how to undo it. */
    async started(p: { userId: string; oldEmail: string; newEmail: string; name: string; language: Language }) {
      await repo.setPending(p.userId, p.newEmail);
      const token = await undoToken(p.userId, p.newEmail);
      await deps.mailer.send(
        emailChangeNoticeMail({
          to: p.oldEmail,
          name: p.name,
          newEmail: p.newEmail,
          undoUrl: `${deps.publicUrl}/api/auth/email-change/undo?token=${encodeURIComponent(token)}`,
          supportEmail: SUPPORT_EMAIL,
          language: p.language,
        }),
      );
    },

    async pending(userId: string): Promise<EmailChangeDto> {
      const row = await repo.pending(userId);
      return row ? { pendingEmail: row.newEmail, requestedAt: row.requestedAt.toISOString() } : none;
    },

    /** Cancel from the profile: the link sent to the new address no longer changes anything. */
    async cancel(userId: string): Promise<EmailChangeDto> {
      await repo.cancel(userId);
      return none;
    },

    /**
     * The old address's link: cancels that change if it still waits; once it happened, support is the way back.
     * Opened where that person is signed in, the answer goes to their app (`/`), otherwise to the sign-in page.
     */
    async undo(token: string, signedInAs: string | null): Promise<{ location: string }> {
      const link = await readUndoToken(token);
      const page = link && signedInAs === link.userId ? '/' : '/auth';
      const address = link && (await repo.addressOf(link.userId));
      if (!link || !address) return { location: failed(page, 'undo_invalid', EMAIL_CHANGE_MESSAGES.undoInvalid) };
      if (address === link.to) {
        return { location: failed(page, 'email_already_changed', EMAIL_CHANGE_MESSAGES.alreadyChanged) };
      }
      await repo.cancel(link.userId, link.to);
      return { location: `${page}#${new URLSearchParams({ email_change: 'cancelled' })}` };
    },
  };
}
export type EmailChanges = ReturnType<typeof createEmailChanges>;
