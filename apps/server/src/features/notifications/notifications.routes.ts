import { notificationRoutes } from '@app/shared/notifications/notification.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { escapeHtml } from '../../lib/html.ts';
import { serve } from '../../lib/route.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The page the mail's unsubscribe link opens: one button, because link scanners open every GET in a mail. */
const unsubscribePage = (action: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Unsubscribe · Influence</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#0f172a">
<h1 style="font-size:1.25rem">Stop these mails?</h1>
<p style="color:#334155;line-height:1.5">You will no longer get mails of this kind. You still see them in the app, and you can
change this any time in Settings → Notifications.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="background:#4f46e5;color:#fff;border:0;border-radius:10px;padding:12px 20px;font-weight:600;font-size:1rem">Unsubscribe</button></form>
</body></html>`;

export function notificationsRoutes(deps: { notifications: NotificationsService; guards: Guards }) {
  const { notifications, guards } = deps;
  const auth = { preHandler: guards.requireAuth };
  return async (app: FastifyInstance) => {
    serve(app, notificationRoutes.list, auth, async (req) => notifications.list(actorOf(req), req.query));
    serve(app, notificationRoutes.unreadCount, auth, async (req) => notifications.unreadCount(actorOf(req)));
    serve(app, notificationRoutes.markRead, auth, async (req) => notifications.markRead(actorOf(req), req.params.id));
    serve(app, notificationRoutes.markAllRead, auth, async (req) => notifications.markAllRead(actorOf(req)));
    serve(app, notificationRoutes.preferences, auth, async (req) => notifications.preferences(actorOf(req)));
    serve(app, notificationRoutes.savePreferences, auth, async (req) =>
      notifications.savePreferences(actorOf(req), req.body.items, req.body.digest, req.body.messagesPush),
    );
    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form, without a session; the signed token
    // is all the authority. The body itself says nothing we need, so any form body is accepted and ignored.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
        done(null, undefined),
      );
      serve(scope, notificationRoutes.unsubscribe, {}, async (req, reply) => {
        const done = await notifications.unsubscribe(req.query.token);
        if (req.headers.accept?.includes('text/html')) {
          return reply
            .type('text/html; charset=utf-8')
            .send(
              '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Unsubscribed · Influence</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">You are unsubscribed</h1><p>You will no longer get these mails. Change it any time in Settings → Notifications.</p></body></html>',
            );
        }
        return done;
      });
      scope.get(notificationRoutes.unsubscribe.path, { schema: { hide: true } }, async (req, reply) => {
        const token = (req.query as { token?: string }).token ?? '';
        const action = `${notificationRoutes.unsubscribe.path}?token=${encodeURIComponent(token)}`;
        // helmet's `no-referrer` makes Chrome send `Origin: null` with a form post, which the CSRF guard refuses.
        return reply
          .type('text/html; charset=utf-8')
          .header('referrer-policy', 'same-origin')
          .send(unsubscribePage(action));
      });
    });
  };
}
