// The hosted card page's routes: show an order in its state, take the card form, the saved-card confirmation and
// the 3-D Secure answer, then send the customer on (the merchant's page, or the result view inside an iframe).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkCard } from './emulator-cards.ts';
import type { EmulatorCore } from './emulator-core.ts';
import {
  merchantOrigins,
  type PageContext,
  pageCsp,
  renderCardForm,
  renderNotFound,
  renderResult,
  renderSavedCardConfirm,
  renderThreeDs,
} from './emulator-page.ts';
import { PAGE_SCRIPT, PAGE_STYLE } from './emulator-page-assets.ts';
import type { PageLang } from './emulator-page-texts.ts';
import type { EmulatedOrder } from './emulator-store.ts';

const pageLang = (value: unknown): PageLang | null => (value === 'en' || value === 'ka' ? value : null);

type PageInput = { order_id?: string; lang?: string; embedded?: string };
type CardForm = PageInput & { card_number?: string; expiry?: string; cvc?: string };

const pageHeaders = (reply: FastifyReply, order: EmulatedOrder | undefined) =>
  reply
    .header('content-security-policy', pageCsp(merchantOrigins(order)))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');

const query = (ctx: PageContext, override: PageLang | null) =>
  `order_id=${encodeURIComponent(ctx.order.id)}${ctx.embedded ? '&embedded=1' : ''}${override ? `&lang=${override}` : ''}`;

export function pageRoutes(deps: { core: EmulatorCore; publicUrl: () => string }) {
  const { core } = deps;

  const pageContext = (req: FastifyRequest, input: PageInput, order: EmulatedOrder): PageContext => ({
    order,
    lang: pageLang(input.lang) ?? order.lang,
    embedded: input.embedded === '1' || req.headers['sec-fetch-dest'] === 'iframe',
    base: deps.publicUrl(),
  });

  /** Where the customer goes once the payment is decided: the merchant's page, or (in an iframe) the result view. */
  function finish(reply: FastifyReply, ctx: PageContext, override: PageLang | null) {
    const o = ctx.order;
    const paid = o.status === 'completed' || o.status === 'blocked';
    const merchant = paid ? o.redirectUrls?.success : o.redirectUrls?.fail;
    if (!ctx.embedded && merchant) return reply.redirect(merchant, 303);
    return reply.redirect(`${deps.publicUrl()}/payment/result?${query(ctx, override)}`, 303);
  }

  /** The page for an order in its current state. */
  function showOrder(reply: FastifyReply, ctx: PageContext, override: PageLang | null, status = 200) {
    const o = ctx.order;
    pageHeaders(reply, o).code(status);
    if (core.awaitingThreeDs(o)) return reply.send(renderThreeDs(ctx, override));
    if (o.status !== 'created') return reply.send(renderResult(ctx));
    if (o.parentOrderId) return reply.send(renderSavedCardConfirm(ctx, override));
    return reply.send(renderCardForm(ctx, { langOverride: override }));
  }

  const notFound = (reply: FastifyReply, lang: PageLang | null) =>
    pageHeaders(reply, undefined)
      .code(404)
      .send(renderNotFound(lang ?? 'ka', deps.publicUrl()));

  return (app: FastifyInstance) => {
    app.get('/payment/assets/page.js', async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_SCRIPT),
    );
    app.get('/payment/assets/page.css', async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_STYLE),
    );
    app.get<{ Querystring: PageInput }>('/payment/', async (req, reply) => {
      core.sweep();
      const order = core.order(req.query.order_id ?? '');
      const override = pageLang(req.query.lang);
      if (!order) return notFound(reply, override);
      return showOrder(reply, pageContext(req, req.query, order), override);
    });
    app.get<{ Querystring: PageInput }>('/payment/result', async (req, reply) => {
      const order = core.order(req.query.order_id ?? '');
      if (!order) return notFound(reply, pageLang(req.query.lang));
      return pageHeaders(reply, order).send(renderResult(pageContext(req, req.query, order)));
    });
    app.post<{ Body: CardForm }>('/payment/pay', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (order.status !== 'created' || order.parentOrderId) return showOrder(reply, ctx, override, 409);
      const checked = checkCard({ number: input.card_number ?? '', expiry: input.expiry ?? '', cvc: input.cvc ?? '' });
      if (!checked.ok) {
        return pageHeaders(reply, order)
          .code(400)
          .send(renderCardForm(ctx, { langOverride: override, problems: checked.problems, expiry: input.expiry }));
      }
      const step = core.payWithCard(order, checked.card);
      if (step === 'three_ds') return reply.redirect(`${deps.publicUrl()}/payment/?${query(ctx, override)}`, 303);
      return finish(reply, ctx, override);
    });
    app.post<{ Body: PageInput }>('/payment/confirm', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (order.status !== 'created' || !order.parentOrderId) return showOrder(reply, ctx, override, 409);
      const step = core.confirmSavedCard(order);
      if (step === 'three_ds') return reply.redirect(`${deps.publicUrl()}/payment/?${query(ctx, override)}`, 303);
      return finish(reply, ctx, override);
    });
    app.post<{ Body: PageInput & { outcome?: string } }>('/payment/3ds', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (!core.awaitingThreeDs(order)) return showOrder(reply, ctx, override, 409);
      core.finishThreeDs(order, input.outcome === 'complete');
      return finish(reply, ctx, override);
    });
  };
}
