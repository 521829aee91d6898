// The one-click unsubscribe link's token (RFC 8058): who and which kind, signed with AUTH_SECRET so nobody can turn
// off another person's mail by guessing. It never expires: a mail read months later must still let its reader out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { routeUrl } from '@app/shared/common/route';
import { notificationRoutes } from '@app/shared/notifications/notification.routes';
import { type MailKind, mailKind } from '@app/shared/notifications/notification.schemas';

export function createUnsubscribeTokens(deps: { secret: string; publicUrl: string }) {
  const sign = (body: string) =>
    createHmac('sha256', deps.secret).update(`unsubscribe:${body}`).digest('base64url').slice(0, 32);
  const token = (userId: string, kind: MailKind) => {
    const body = Buffer.from(`${userId}:${kind}`).toString('base64url');
    return `${body}.${sign(body)}`;
  };
  return {
    token,
    /** The address both the mail's link (a page with one button) and List-Unsubscribe's one-click POST use. */
    url: (userId: string, kind: MailKind) =>
      `${deps.publicUrl}${routeUrl(notificationRoutes.unsubscribe, undefined, { token: token(userId, kind) })}`,
    read(t: string): { userId: string; kind: MailKind } | null {
      const [body, sig] = t.split('.');
      if (!body || !sig) return null;
      const want = Buffer.from(sign(body));
      const got = Buffer.from(sig);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      const text = Buffer.from(body, 'base64url').toString();
      const at = text.lastIndexOf(':');
      const kind = mailKind.safeParse(text.slice(at + 1));
      if (at < 1 || !kind.success) return null;
      return { userId: text.slice(0, at), kind: kind.data };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
