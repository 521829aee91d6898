// The emulator's hosted card page: plain HTML forms (no script needed to pay), plus a small script that, inside an
// iframe, posts the card-form SDK's events to the merchant's window. Texts in English and Georgian.
import { escapeHtml as h } from '../../lib/html.ts';
import type { CardField, CardProblem } from './emulator-cards.ts';
import { TEST_CARDS } from './emulator-cards.ts';
import { RESPONSE_CODES } from './emulator-core.ts';
import type { EmulatedOrder } from './emulator-store.ts';

export type PageLang = 'en' | 'ka';

const TEXT = {
  en: {
    title: 'Card payment',
    brand: 'Bank of Georgia',
    emulator: 'Emulator',
    note: 'A local test page: no real card is charged.',
    amount: 'Amount',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: (amount: string) => `Pay ${amount} GEL`,
    processing: 'Processing…',
    fixErrors: 'Please correct the highlighted fields.',
    savedTitle: 'Pay with your saved card',
    savedCard: (type: string, last4: string) => `${type} ending in ${last4}`,
    threeDsTitle: '3-D Secure',
    threeDsText: (amount: string) => `Your bank asks you to confirm this payment of ${amount} GEL.`,
    complete: 'Complete',
    fail: 'Fail',
    paidTitle: 'Payment successful',
    paidText: (amount: string) => `${amount} GEL has been paid.`,
    heldTitle: 'Payment authorised',
    heldText: (amount: string) => `${amount} GEL is held on your card until the merchant confirms the payment.`,
    failedTitle: 'Payment failed',
    expiredTitle: 'Payment session expired',
    expiredText: 'This payment session has expired. Please start again from the merchant’s site.',
    closedTitle: 'Payment closed',
    closedText: 'This payment is no longer open.',
    notFoundTitle: 'Payment not found',
    notFoundText: 'This payment link is not valid.',
    back: 'Return to the merchant',
    testCards: 'Test cards',
    testCardsHint: 'Any future expiry (MM/YY) and any 3-digit CVC (4 digits for American Express).',
    problems: {
      card_invalid: 'Enter a valid card number.',
      card_not_test: 'This is a test page: use one of the test cards listed below.',
      expiry_format: 'Enter the expiry date as MM/YY.',
      cvc_format: 'Enter the 3-digit CVC.',
      cvc_format_amex: 'Enter the 4-digit CVC.',
    } satisfies Record<CardProblem, string>,
    codes: {} as Record<string, string>,
  },
  ka: {
    title: 'ბარათით გადახდა',
    brand: 'საქართველოს ბანკი',
    emulator: 'ემულატორი',
    note: 'ლოკალური სატესტო გვერდი: რეალური ბარათიდან თანხა არ ჩამოიჭრება.',
    amount: 'თანხა',
    cardNumber: 'ბარათის ნომერი',
    expiry: 'მოქმედების ვადა (თთ/წწ)',
    cvc: 'CVC',
    pay: (amount: string) => `გადახდა ${amount} GEL`,
    processing: 'მუშავდება…',
    fixErrors: 'გთხოვთ, შეასწოროთ მონიშნული ველები.',
    savedTitle: 'გადაიხადეთ შენახული ბარათით',
    savedCard: (type: string, last4: string) => `${type}, ბოლო ციფრები ${last4}`,
    threeDsTitle: '3-D Secure',
    threeDsText: (amount: string) => `თქვენი ბანკი გთხოვთ, დაადასტუროთ ${amount} GEL-ის გადახდა.`,
    complete: 'დადასტურება',
    fail: 'უარყოფა',
    paidTitle: 'გადახდა წარმატებულია',
    paidText: (amount: string) => `${amount} GEL გადახდილია.`,
    heldTitle: 'გადახდა ავტორიზებულია',
    heldText: (amount: string) => `${amount} GEL დაბლოკილია თქვენს ბარათზე, სანამ მოვაჭრე გადახდას დაადასტურებს.`,
    failedTitle: 'გადახდა ვერ მოხერხდა',
    expiredTitle: 'გადახდის სესია ამოიწურა',
    expiredText: 'გადახდის სესია ამოიწურა. გთხოვთ, თავიდან დაიწყოთ მოვაჭრის საიტიდან.',
    closedTitle: 'გადახდა დახურულია',
    closedText: 'ეს გადახდა აღარ არის აქტიური.',
    notFoundTitle: 'გადახდა ვერ მოიძებნა',
    notFoundText: 'გადახდის ბმული არასწორია.',
    back: 'მოვაჭრესთან დაბრუნება',
    testCards: 'სატესტო ბარათები',
    testCardsHint: 'ნებისმიერი მომავალი ვადა (თთ/წწ) და ნებისმიერი 3-ნიშნა CVC (American Express-ისთვის 4-ნიშნა).',
    problems: {
      card_invalid: 'შეიყვანეთ სწორი ბარათის ნომერი.',
      card_not_test: 'ეს სატესტო გვერდია: გამოიყენეთ ქვემოთ ჩამოთვლილი სატესტო ბარათები.',
      expiry_format: 'შეიყვანეთ ვადა ფორმატით თთ/წწ.',
      cvc_format: 'შეიყვანეთ 3-ნიშნა CVC.',
      cvc_format_amex: 'შეიყვანეთ 4-ნიშნა CVC.',
    } satisfies Record<CardProblem, string>,
    codes: {
      '101': 'ბარათის გამოყენება შეზღუდულია',
      '102': 'შენახული ბარათი ვერ მოიძებნა',
      '103': 'ბარათი არასწორია',
      '104': 'ტრანზაქციების რაოდენობის ლიმიტი ამოწურულია',
      '105': 'ბარათს ვადა გაუვიდა',
      '106': 'თანხის ლიმიტი ამოწურულია',
      '107': 'არასაკმარისი თანხა',
      '108': 'ავთენტიფიკაცია უარყოფილია',
      '109': 'ტექნიკური ხარვეზი',
      '110': 'ტრანზაქციის ვადა ამოიწურა',
      '111': 'ავთენტიფიკაციის დრო ამოიწურა',
      '112': 'ზოგადი შეცდომა',
    } as Record<string, string>,
  },
};

const CARD_NAMES: Record<string, string> = { visa: 'Visa', mc: 'Mastercard', amex: 'American Express' };

/** The merchant's origins: those of the order's redirect and callback URLs. The page is framed and messages only them. */
export function merchantOrigins(order: EmulatedOrder | undefined): string[] {
  if (!order) return [];
  const urls = [order.redirectUrls?.success, order.redirectUrls?.fail, order.callbackUrl];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const origin = new URL(url).origin;
      if (origin !== 'null') origins.add(origin);
    } catch {
      // not a URL: validated at creation, so only an old stored order could get here
    }
  }
  return [...origins];
}

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

/**
 * Runs in the page. Inside an iframe it posts `{ type: 'bog-payment', event, data }` to the parent, only when the
 * parent is one of the merchant's origins (never '*'); it accepts `{ type: 'bog-payment-command', command: 'submit' }`
 * from that parent (the SDK's programmatic submit when its own button is hidden).
 */
export const PAGE_SCRIPT = `(() => {
  const body = document.body;
  const embedded = body.dataset.embedded === '1' && window.parent !== window;
  const allowed = JSON.parse(body.dataset.origins || '[]');
  function targets() {
    if (!embedded) return [];
    const ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return allowed.includes(ancestors[0]) ? [ancestors[0]] : [];
    return allowed;
  }
  function emit(event, data) {
    for (const origin of targets()) window.parent.postMessage({ type: 'bog-payment', event, data }, origin);
  }
  for (const e of JSON.parse(body.dataset.emit || '[]')) emit(e.event, e.data);
  const form = document.getElementById('pay-form');
  if (!form) return;
  const invalid = form.querySelector('[aria-invalid=true]');
  if (invalid) invalid.focus();
  const orderId = body.dataset.orderId;
  const button = form.querySelector('button[type=submit]');
  const value = (name) => (form.elements.namedItem(name) ? form.elements.namedItem(name).value : null);
  function canPay() {
    const number = value('card_number');
    if (number === null) return true;
    const digits = number.replace(/[\\s-]/g, '');
    return /^\\d{12,19}$/.test(digits) && /^\\s*\\d{2}\\s*\\/?\\s*\\d{2}\\s*$/.test(value('expiry') || '') && /^\\d{3,4}$/.test((value('cvc') || '').trim());
  }
  let available = null;
  function update() {
    const next = canPay();
    if (next !== available) {
      available = next;
      emit('submit_available_changed', { orderId, canPay: next });
    }
  }
  form.addEventListener('input', update);
  update();
  let sent = false;
  form.addEventListener('submit', (event) => {
    if (sent) {
      event.preventDefault();
      return;
    }
    sent = true;
    emit('payment_begin', { orderId });
    button.setAttribute('aria-busy', 'true');
    button.textContent = body.dataset.processing;
  });
  window.addEventListener('message', (event) => {
    if (!embedded || event.source !== window.parent || !allowed.includes(event.origin)) return;
    const m = event.data;
    if (m && m.type === 'bog-payment-command' && m.command === 'submit') form.requestSubmit();
  });
})();
`;

export const PAGE_STYLE = `:root{color-scheme:light;--bg:#f3f5f8;--panel:#fff;--text:#101828;--muted:#475467;--line:#d0d5dd;--accent:#e35205;--button:#0b4f9c;--button-hover:#093f7c;--error:#b42318;--ok:#067647}
.theme-dark{color-scheme:dark;--bg:#0c111d;--panel:#161b26;--text:#f5f5f6;--muted:#cecfd2;--line:#475467;--button:#2e90fa;--button-hover:#1570ef;--error:#fda29b;--ok:#75e0a7}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Georgian",sans-serif}
body.embedded{background:var(--panel)}
.panel{max-width:440px;margin:32px auto;padding:24px;background:var(--panel);border:1px solid var(--line);border-radius:16px}
.embedded .panel{margin:0 auto;border:0;border-radius:0}
@media (max-width:480px){.panel{margin:0;border-width:0 0 1px;border-radius:0;padding:20px 16px}}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;margin-bottom:16px}
.logo{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:var(--accent);color:#fff;font-weight:700}
.tag{margin-left:auto;font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;border:1px solid var(--line);color:var(--muted)}
h1{font-size:20px;margin:0 0 8px}
.amount{display:flex;justify-content:space-between;padding:12px 0;margin:0 0 16px;border-bottom:1px solid var(--line);color:var(--muted)}
.amount strong{color:var(--text);font-size:18px}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:14px;flex:1}
.row{display:flex;gap:12px}
label{font-weight:600;font-size:14px}
input{font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:10px;background:var(--panel);color:var(--text);width:100%}
input:focus{outline:3px solid color-mix(in srgb,var(--button) 35%,transparent);border-color:var(--button)}
input[aria-invalid=true]{border-color:var(--error)}
.error{margin:0;color:var(--error);font-size:14px}
.alert{margin:0 0 12px;padding:10px 12px;border-radius:10px;border:1px solid var(--error);color:var(--error)}
button{font:inherit;font-weight:600;padding:12px 16px;border-radius:10px;border:1px solid transparent;cursor:pointer;width:100%}
button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid color-mix(in srgb,var(--button) 45%,transparent);outline-offset:2px}
.primary{background:var(--button);color:#fff}
.primary:hover{background:var(--button-hover)}
.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}
.actions form{margin:0}
.saved{padding:12px;border:1px solid var(--line);border-radius:10px}
.result.ok h1{color:var(--ok)}
.result.bad h1{color:var(--error)}
.back{color:var(--button);font-weight:600}
.cards{margin-top:16px;font-size:14px;color:var(--muted)}
.cards summary{cursor:pointer;font-weight:600;color:var(--text)}
.cards ul{padding-left:18px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--text)}
.note{margin:16px 0 0;font-size:13px;color:var(--muted)}
`;
