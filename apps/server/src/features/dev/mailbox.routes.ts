import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { thisMachineOnly } from '../../lib/local-only.ts';
import { listMailbox } from './mailbox.repository.ts';

const mailItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The local mailbox: a development aid, so a person running the product on its defaults can open verification
 * links. Registered only on development defaults (no SMTP_URL, not production: `config.localMailbox`) and answering
 * only requests from this machine (loopback, not forwarded): its links confirm addresses, so a stranger must never
 * read it. Everyone else gets 404.
 */
export function mailboxRoutes(deps: { db: Db }) {
  const list = (to?: string) => listMailbox(deps.db, to);

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', thisMachineOnly);
    r.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Local mailbox (only when no SMTP_URL is set): the newest 50 messages',
          querystring: z.object({ to: z.string().optional() }),
          response: { 200: z.object({ items: z.array(mailItem) }) },
        },
      },
      async (req) => ({ items: await list(req.query.to) }),
    );
    r.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(renderMailbox(await list())),
    );
  };
}

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

function renderMailbox(items: z.infer<typeof mailItem>[]) {
  const body = items.length
    ? items
        .map(
          (m) =>
            `<article><header><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.createdAt}">${new Date(m.createdAt).toUTCString()}</time></p></header><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('')
    : '<p class="empty">No mail yet. Register an account or ask for a verification email and it will appear here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local mailbox · Influence</title><link rel="icon" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:24px;margin:0 0 4px}.lead{color:#475569;margin:0 0 24px}article{background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:16px 20px;margin-bottom:16px}h2{font-size:17px;margin:0}.meta{color:#475569;font-size:14px;margin:4px 0 12px}pre{white-space:pre-wrap;word-break:break-word;font:inherit;line-height:1.55;margin:0}a{color:#4338ca}.empty{color:#475569}</style></head>
<body><main><h1>Local mailbox</h1><p class="lead">Mail the app sent while running on defaults (no SMTP server configured). Newest first.</p>${body}</main></body></html>`;
}
