// The emulator's hosted card page: plain HTML forms (no script needed to pay), plus a small script that, inside an
// iframe, posts the card-form SDK's events to the merchant's window (emulator-page-assets.ts). Texts in English and
// Georgian (emulator-page-texts.ts).
import { escapeHtml as h } from '../../lib/html.ts';
import type { CardField, CardProblem } from './emulator-cards.ts';
import { TEST_CARDS } from './emulator-cards.ts';
import { type PageLang, TEXT } from './emulator-page-texts.ts';
import { RESPONSE_CODES } from './emulator-receipt.ts';
import type { EmulatedOrder } from './emulator-store.ts';

const CARD_NAMES: Record<string, string> = { visa: 'Visa', mc: 'Mastercard', amex: 'American Express' };

/** The merchant's origins: those of the order's redirect and callback URLs. The page is framed and messages only them. */
export function merchantOrigins(order: EmulatedOrder | undefined): string[] {
  if (!order) return [];
  const urls = [order.redirectUrls?.success, order.redirectUrls?.fail, order.callbackUrl];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const u = new URL(url);
      if (u.origin === 'null') continue;
      origins.add(u.origin);
      // A merchant on this machine is one app under either loopback name (opened as 127.0.0.1 while PUBLIC_URL says
      // localhost, or the other way round): the card frame is admitted under both (issue 25 §1.5).
      if (LOOPBACK_NAMES.includes(u.hostname)) {
        for (const name of LOOPBACK_NAMES) origins.add(`${u.protocol}//${name}${u.port ? `:${u.port}` : ''}`);
      }
    } catch {
      // not a URL: validated at creation, so only an old stored order could get here
    }
  }
  return [...origins];
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];

/** The page's own policy: scripts and styles from itself only, framed only by the merchant. */
export function pageCsp(origins: string[]): string {
  const merchant = origins.join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action 'self'${merchant ? ` ${merchant}` : ''}`,
    `frame-ancestors ${merchant || "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
}

export type PageContext = { order: EmulatedOrder; lang: PageLang; embedded: boolean; base: string };
type PageEvent = { event: string; data: Record<string, unknown> };

const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

function layout(opts: {
  lang: PageLang;
  base: string;
  title: string;
  body: string;
  theme?: 'light' | 'dark';
  order?: EmulatedOrder;
  embedded?: boolean;
  emit?: PageEvent[];
}): string {
  const t = TEXT[opts.lang];
  const data = [
    `data-embedded="${opts.embedded ? '1' : '0'}"`,
    `data-order-id="${h(opts.order?.id ?? '')}"`,
    `data-origins="${h(JSON.stringify(merchantOrigins(opts.order)))}"`,
    `data-emit="${h(JSON.stringify(opts.emit ?? []))}"`,
    `data-processing="${h(t.processing)}"`,
  ].join(' ');
  return `<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${h(opts.title)} · ${h(t.brand)}</title>
<link rel="stylesheet" href="${h(opts.base)}/payment/assets/page.css">
<script src="${h(opts.base)}/payment/assets/page.js" defer></script>
</head>
<body class="theme-${opts.theme ?? 'light'}${opts.embedded ? ' embedded' : ''}" ${data}>
<main class="panel">
<header class="brand"><span class="logo" aria-hidden="true">B</span><span>${h(t.brand)}</span><span class="tag">${h(t.emulator)}</span></header>
${opts.body}
<p class="note">${h(t.note)}</p>
</main>
</body>
</html>`;
}

const hidden = (ctx: PageContext, lang: PageLang | null) =>
  `<input type="hidden" name="order_id" value="${h(ctx.order.id)}">` +
  (ctx.embedded ? '<input type="hidden" name="embedded" value="1">' : '') +
  (lang ? `<input type="hidden" name="lang" value="${lang}">` : '');

function amountLine(ctx: PageContext) {
  const t = TEXT[ctx.lang];
  return `<p class="amount"><span>${h(t.amount)}</span> <strong>${money(ctx.order.requestMinor)} GEL</strong></p>`;
}

function field(name: CardField, label: string, attrs: string, problem: string | undefined, value = ''): string {
  const describedBy = problem ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div class="field">
<label for="${name}">${h(label)}</label>
<input id="${name}" name="${name}" type="text" ${attrs} value="${h(value)}" required${describedBy}>
${problem ? `<p class="error" id="${name}-error">${h(problem)}</p>` : ''}
</div>`;
}

/** As printed on the card: 4-6-5 for American Express, groups of four otherwise. */
const groupDigits = (n: string) =>
  n.length === 15 ? n.replace(/^(\d{4})(\d{6})(\d{5})$/, '$1 $2 $3') : n.replace(/(\d{4})(?=\d)/g, '$1 ');

function testCardList(lang: PageLang) {
  const t = TEXT[lang];
  const items = TEST_CARDS.map((c) => `<li><code>${groupDigits(c.number)}</code> ${h(c.label)}</li>`).join('');
  return `<details class="cards"><summary>${h(t.testCards)}</summary><ul>${items}</ul><p>${h(t.testCardsHint)}</p></details>`;
}

/** The card form. `lang` is echoed in the form only when it came from the query (it overrides the order's language). */
export function renderCardForm(
  ctx: PageContext,
  opts: { langOverride: PageLang | null; problems?: Partial<Record<CardField, CardProblem>>; expiry?: string } = {
    langOverride: null,
  },
): string {
  const t = TEXT[ctx.lang];
  const p = opts.problems ?? {};
  const message = (f: CardField) => (p[f] ? t.problems[p[f]] : undefined);
  const summary = Object.keys(p).length ? `<p class="alert" role="alert">${h(t.fixErrors)}</p>` : '';
  const body = `<h1>${h(t.title)}</h1>
${amountLine(ctx)}
${summary}
<form id="pay-form" class="pay" method="post" action="${h(ctx.base)}/payment/pay" novalidate>
${hidden(ctx, opts.langOverride)}
${field('card_number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 5678 9012 3456"', message('card_number'))}
<div class="row">
${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', message('expiry'), opts.expiry ?? '')}
${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', message('cvc'))}
</div>
<button type="submit" class="primary">${h(t.pay(money(ctx.order.requestMinor)))}</button>
</form>
${testCardList(ctx.lang)}`;
  return layout({ ...pageOpts(ctx), title: t.title, body });
}

/** A recurring payment with a saved card: the customer only confirms. */
export function renderSavedCardConfirm(ctx: PageContext, langOverride: PageLang | null): string {
  const t = TEXT[ctx.lang];
  const card = ctx.order.card!;
  const body = `<h1>${h(t.savedTitle)}</h1>
${amountLine(ctx)}
<p class="saved">${h(t.savedCard(CARD_NAMES[card.type] ?? card.type, card.masked.slice(-4)))} · ${h(card.expiry)}</p>
<form id="pay-form" class="pay" method="post" action="${h(ctx.base)}/payment/confirm">
${hidden(ctx, langOverride)}
<button type="submit" class="primary">${h(t.pay(money(ctx.order.requestMinor)))}</button>
</form>`;
  return layout({ ...pageOpts(ctx), title: t.savedTitle, body });
}

export function renderThreeDs(ctx: PageContext, langOverride: PageLang | null): string {
  const t = TEXT[ctx.lang];
  const form = (outcome: 'complete' | 'fail', label: string, cls: string) =>
    `<form method="post" action="${h(ctx.base)}/payment/3ds">${hidden(ctx, langOverride)}<input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${cls}">${h(label)}</button></form>`;
  const body = `<h1>${h(t.threeDsTitle)}</h1>
<p>${h(t.threeDsText(money(ctx.order.requestMinor)))}</p>
<div class="actions">${form('complete', t.complete, 'primary')}${form('fail', t.fail, 'secondary')}</div>`;
  const emit: PageEvent[] = [
    { event: '3ds_redirect', data: { orderId: ctx.order.id } },
    { event: 'form_layout_changed', data: { orderId: ctx.order.id, reason: '3ds_page_displayed' } },
  ];
  return layout({ ...pageOpts(ctx), title: t.threeDsTitle, body, emit });
}

/** The outcome; inside an iframe it also posts payment_complete ({ orderId, error? }) to the merchant. */
export function renderResult(ctx: PageContext): string {
  const t = TEXT[ctx.lang];
  const o = ctx.order;
  const amount = money(o.requestMinor);
  let title: string;
  let text: string;
  let error: { code: string | null; message: string } | undefined;
  let success = false;
  if (o.status === 'completed' || o.status === 'blocked') {
    success = true;
    title = o.status === 'blocked' ? t.heldTitle : t.paidTitle;
    text = o.status === 'blocked' ? t.heldText(amount) : t.paidText(amount);
  } else if (o.status === 'rejected' && o.rejectReason === 'expiration' && o.code === null) {
    title = t.expiredTitle;
    text = t.expiredText;
    error = { code: null, message: 'expiration' };
  } else if (o.status === 'rejected' && o.code && o.code !== '200') {
    title = t.failedTitle;
    text = (ctx.lang === 'ka' ? t.codes[o.code] : undefined) ?? RESPONSE_CODES[o.code] ?? o.rejectReason ?? '';
    error = { code: o.code, message: RESPONSE_CODES[o.code] ?? o.rejectReason ?? 'unknown' };
  } else {
    title = t.closedTitle;
    text = t.closedText;
    if (o.status === 'rejected') error = { code: o.code, message: o.rejectReason ?? 'unknown' };
  }
  const back = !ctx.embedded && (success ? o.redirectUrls?.success : o.redirectUrls?.fail);
  const body = `<div class="result ${success ? 'ok' : 'bad'}" role="status">
<h1>${h(title)}</h1>
<p>${h(text)}</p>
</div>
${back ? `<p><a class="back" href="${h(back)}">${h(t.back)}</a></p>` : ''}`;
  const emit: PageEvent[] = [{ event: 'payment_complete', data: { orderId: o.id, ...(error ? { error } : {}) } }];
  return layout({ ...pageOpts(ctx), title, body, emit });
}

export function renderNotFound(lang: PageLang, base: string): string {
  const t = TEXT[lang];
  return layout({
    lang,
    base,
    title: t.notFoundTitle,
    body: `<h1>${h(t.notFoundTitle)}</h1><p>${h(t.notFoundText)}</p>`,
  });
}

const pageOpts = (ctx: PageContext) => ({
  lang: ctx.lang,
  base: ctx.base,
  theme: ctx.order.theme,
  order: ctx.order,
  embedded: ctx.embedded,
});
