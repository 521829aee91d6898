// The server's side of a shared route contract (packages/shared/src/common/route.ts): one call registers the
// endpoint with the contract's method, path and schemas (validation, serialization, OpenAPI), who may call it, and
// its handler, typed from the same schemas. A route file is then a list of `serve(app, contract, …)`.
import type { RouteContract, SuccessOf } from '@app/shared/common/route';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** The request of a contract: params, query and body as its schemas parse them. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}>;

/** What a handler returns: the successful answer (before the serializer encodes it), or the reply it sent itself. */
export type ContractAnswer<C extends RouteContract> = In<SuccessOf<C>> | FastifyReply;

export type ServeOptions = {
  /** Who may call it (lib/guards.ts), then anything else that runs first (a per-person rate limit). */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /** Route config: `rateLimit` (@fastify/rate-limit). */
  config?: RouteOptions['config'];
  bodyLimit?: number;
};

export function serve<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: ServeOptions,
  handler: (req: ContractRequest<C>, reply: FastifyReply) => Promise<ContractAnswer<C>>,
): void {
  const schema: FastifySchema & { tags: string[]; summary: string } = {
    tags: contract.tags,
    summary: contract.summary,
    response: contract.response,
  };
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = contract.body;
  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    preHandler: options.preHandler,
    config: options.config,
    bodyLimit: options.bodyLimit,
    handler: handler as unknown as RouteOptions['handler'],
  });
}
