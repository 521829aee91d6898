import type { FastifyInstance } from 'fastify';
import type { EmulatedAccount, EmulatedPost } from '../../integrations/social/emulator-contract.ts';
import { sameOriginWrites } from '../../lib/csrf.ts';
import { escapeHtml } from '../../lib/html.ts';
import { thisMachineOnly } from '../../lib/local-only.ts';

type EmulatorView = {
  accounts: EmulatedAccount[];
  posts: EmulatedPost[];
  faults: { youtubeQuota: boolean; unavailable: string[]; rateLimited: string[]; slowMs: number };
  quotaUsed: number;
};

const NAMES = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' } as const;

/**
 * /dev/social: the social emulator's accounts, for a person running the demo: paste a verification code into a
 * fake channel description or bio, change follower counts, add an account, switch faults. Like the local mailbox it
 * exists only while the emulator stands in for a platform and answers only this machine; it talks to the emulator's
 * controls server-to-server, so the emulator's port stays loopback-only.
 */
export function devSocialRoutes(deps: { emulatorUrl: string; publicUrl: string }) {
  const emu = deps.emulatorUrl;
  async function call(path: string, method = 'GET', body?: unknown) {
    const res = await fetch(`${emu}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(5000),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
  }

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', thisMachineOnly);
    // Loopback is no defence against a page on any site open in this machine's browser posting a form here.
    app.addHook('onRequest', sameOriginWrites([deps.publicUrl]));
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get('/api/dev/social', { schema: { hide: true } }, async () => (await call('/_emulator/state')).json);
    // Same as the form, as JSON (e2e and scripts): upsert an account by platform + username.
    app.post('/api/dev/social/accounts', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const res = await call(`/_emulator/${encodeURIComponent(String(b.platform ?? ''))}/accounts`, 'POST', b);
      return reply.code(res.status).send(res.json);
    });

    // A post on an account (e2e and scripts): its link in `url`, for a proof of work.
    app.post('/api/dev/social/posts', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const res = await call(
        `/_emulator/${encodeURIComponent(String(b.platform ?? ''))}/accounts/${encodeURIComponent(String(b.username ?? ''))}/posts`,
        'POST',
        b,
      );
      return reply.code(res.status).send(res.json);
    });
    app.post('/dev/social/posts', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      const res = await call(
        `/_emulator/${encodeURIComponent(b.platform ?? '')}/accounts/${encodeURIComponent(b.username ?? '')}/posts`,
        'POST',
        {},
      );
      if (res.status >= 400) return reply.code(400).send((res.json as { message?: string })?.message ?? 'Refused');
      return reply.redirect(`/dev/social?saved=${encodeURIComponent(`${b.platform}:${b.username}`)}`, 303);
    });
    app.post('/dev/social/posts/remove', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      await call(
        `/_emulator/${encodeURIComponent(b.platform ?? '')}/posts/${encodeURIComponent(b.id ?? '')}`,
        'DELETE',
      );
      return reply.redirect(`/dev/social?saved=${encodeURIComponent(`${b.platform}:${b.username}`)}`, 303);
    });

    app.get('/dev/social', { schema: { hide: true } }, async (req, reply) => {
      const view = (await call('/_emulator/state')).json as EmulatorView;
      const saved = (req.query as { saved?: string }).saved;
      // helmet's `no-referrer` makes Chrome send `Origin: null` with a form post, which the CSRF guard refuses.
      return reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin').send(render(view, saved));
    });
    app.post('/dev/social/accounts', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      const res = await call(`/_emulator/${encodeURIComponent(b.platform ?? '')}/accounts`, 'POST', {
        ...b,
        hiddenFollowers: b.hiddenFollowers === 'on',
      });
      if (res.status >= 400) return reply.code(400).send((res.json as { message?: string })?.message ?? 'Refused');
      const a = res.json as EmulatedAccount;
      return reply.redirect(`/dev/social?saved=${encodeURIComponent(`${a.platform}:${a.username}`)}`, 303);
    });
    app.post('/dev/social/faults', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      const platforms = ['youtube', 'tiktok', 'instagram'];
      await call('/_emulator/faults', 'POST', {
        youtubeQuota: b.youtubeQuota === 'on',
        unavailable: platforms.filter((p) => b[`down-${p}`] === 'on'),
        rateLimited: platforms.filter((p) => b[`limited-${p}`] === 'on'),
        slowMs: Number(b.slowMs) || 0,
      });
      return reply.redirect('/dev/social?saved=faults', 303);
    });
  };
}

/** An account's posts (what a proof link can point at), each removable, and a button for one more. */
function postsOf(view: EmulatorView, a: EmulatedAccount): string {
  const hidden = `<input type="hidden" name="platform" value="${a.platform}"><input type="hidden" name="username" value="${escapeHtml(a.username)}">`;
  const link = (p: EmulatedPost) =>
    p.platform === 'youtube'
      ? `https://www.youtube.com/watch?v=${p.id}`
      : p.platform === 'tiktok'
        ? `https://www.tiktok.com/@${a.username}/video/${p.id}`
        : `https://www.instagram.com/p/${p.shortcode}/`;
  const items = (view.posts ?? [])
    .filter((p) => p.platform === a.platform && p.accountId === a.id)
    .map(
      (
        p,
      ) => `<li><code>${escapeHtml(link(p))}</code> <span class="meta">${p.publishedAt.slice(0, 10)} · ${p.views} views</span>
<form method="post" action="/dev/social/posts/remove" class="inline">${hidden}<input type="hidden" name="id" value="${escapeHtml(p.id)}"><button type="submit" aria-label="Remove post ${escapeHtml(p.id)}">Remove</button></form></li>`,
    )
    .join('');
  return `<div class="card posts"><h4>Posts of @${escapeHtml(a.username)}</h4><ul>${items}</ul>
<form method="post" action="/dev/social/posts">${hidden}<button type="submit">Add a post to @${escapeHtml(a.username)}</button></form></div>`;
}

function render(view: EmulatorView, saved: string | undefined): string {
  const section = (platform: keyof typeof NAMES) => {
    const where = platform === 'youtube' ? 'Channel description' : 'Bio';
    const cards = view.accounts
      .filter((a) => a.platform === platform)
      .map((a) => {
        const idp = `${platform}-${a.username}`.replace(/[^a-z0-9-]/gi, '-');
        const justSaved = saved === `${platform}:${a.username}`;
        return `<form method="post" action="/dev/social/accounts" class="card" aria-labelledby="${idp}-h">
<input type="hidden" name="platform" value="${platform}"><input type="hidden" name="username" value="${escapeHtml(a.username)}">
<h3 id="${idp}-h">${platform === 'youtube' ? '@' : '@'}${escapeHtml(a.username)} <span class="meta">${escapeHtml(a.title)}${a.accountType === 'PERSONAL' ? ' · personal account' : ''}</span></h3>
<label for="${idp}-bio">${where} of @${escapeHtml(a.username)}</label>
<textarea id="${idp}-bio" name="bio" rows="3">${escapeHtml(a.bio)}</textarea>
<div class="row"><label for="${idp}-f">Followers</label><input id="${idp}-f" name="followers" type="number" min="0" value="${a.followers}">
<label for="${idp}-v">${platform === 'instagram' ? 'Posts' : 'Videos'}</label><input id="${idp}-v" name="videos" type="number" min="0" value="${a.videos}"></div>
<button type="submit">Save @${escapeHtml(a.username)}</button>${justSaved ? ' <span role="status" class="ok">Saved</span>' : ''}
</form>${postsOf(view, a)}`;
      })
      .join('');
    return `<section aria-labelledby="h-${platform}"><h2 id="h-${platform}">${NAMES[platform]}</h2>${cards}</section>`;
  };
  const f = view.faults;
  const box = (name: string, label: string, on: boolean) =>
    `<label class="check"><input type="checkbox" name="${name}"${on ? ' checked' : ''}> ${label}</label>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Social emulator · Influence</title><link rel="icon" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:28px 0 8px}h3{font-size:16px;margin:0 0 8px}.lead,.meta{color:#475569}.meta{font-weight:400;font-size:14px}.card{background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:14px 16px;margin-bottom:12px}label{display:block;font-size:14px;font-weight:600;margin:8px 0 4px}.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}.row label{margin:0}textarea,input,select{font:inherit;border:1px solid #94a3b8;border-radius:8px;padding:8px;box-sizing:border-box}textarea{width:100%}input[type=number]{width:8.5em}button{font:inherit;margin-top:10px;padding:8px 14px;border-radius:8px;border:0;background:#4338ca;color:#fff;cursor:pointer}.ok{color:#166534;font-weight:600}.check{display:inline-flex;gap:6px;font-weight:400;margin-right:14px}.posts{margin-top:-8px}.posts h4{margin:0;font-size:14px}.posts ul{padding-left:18px;margin:6px 0}.posts li{margin:4px 0;word-break:break-all}.inline{display:inline}.inline button{margin:0 0 0 6px;padding:2px 10px;background:#b91c1c}</style></head>
<body><main><h1>Social emulator</h1><p class="lead">The local YouTube, TikTok and Instagram this server talks to while no platform keys are set. Paste your verification code into a description or bio, save, then press Verify in the app. YouTube quota units used so far: ${view.quotaUsed}.</p>
${section('youtube')}${section('tiktok')}${section('instagram')}
<section aria-labelledby="h-add"><h2 id="h-add">Add an account</h2><form method="post" action="/dev/social/accounts" class="card">
<label for="add-p">Platform</label><select id="add-p" name="platform"><option value="youtube">YouTube</option><option value="tiktok">TikTok</option><option value="instagram">Instagram</option></select>
<label for="add-u">Username (without @)</label><input id="add-u" name="username" required pattern="[A-Za-z0-9._-]{1,60}">
<label for="add-t">Title</label><input id="add-t" name="title">
<label for="add-f">Followers</label><input id="add-f" name="followers" type="number" min="0" value="1000">
<button type="submit">Add account</button></form></section>
<section aria-labelledby="h-faults"><h2 id="h-faults">Faults</h2><form method="post" action="/dev/social/faults" class="card">
${box('youtubeQuota', 'YouTube quota exceeded', f.youtubeQuota)}
${(['youtube', 'tiktok', 'instagram'] as const).map((p) => box(`down-${p}`, `${NAMES[p]} down (5xx)`, f.unavailable.includes(p))).join('')}
${(['youtube', 'tiktok', 'instagram'] as const).map((p) => box(`limited-${p}`, `${NAMES[p]} rate limited`, f.rateLimited.includes(p))).join('')}
<label for="slow">Delay every answer (ms)</label><input id="slow" name="slowMs" type="number" min="0" max="60000" value="${f.slowMs}">
<button type="submit">Apply faults</button>${saved === 'faults' ? ' <span role="status" class="ok">Saved</span>' : ''}</form></section>
</main></body></html>`;
}
