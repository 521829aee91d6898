import { type RouteContract, routeUrl, type SuccessOf, successStatus } from '@app/shared/common/route';
import { errorBody } from '@app/shared/errors';
import type { z } from 'zod';
import i18n from './i18n';
import { renderingOnServer, serverAnswer } from './server-answers';

/** An API failure as the server described it: switch on `code`, show `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** How long the server asked us to wait before asking again (its Retry-After: a 503 or a 429). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** An upload gives up after this long without finishing (an avatar is at most a few MB). */
export const UPLOAD_TIMEOUT_MS = 2 * 60_000;

type Options<S extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
  /** An answer already under way for this GET (the entry's early bootstrap request) instead of a new fetch. */
  response?: Promise<Response>;
};

type Parsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : unknown;

/** JSON over same-origin fetch with the session cookie; responses are parsed with the shared schema. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal, response }: Options<S> = {},
): Promise<Parsed<S>> {
  // In the server's renderer a GET is answered by the server itself (serverAnswer); a write is never made there: it
  // belongs to a person's action in the browser.
  const early = response ?? (method === 'GET' ? serverAnswer(path) : undefined);
  if (!early && renderingOnServer()) throw new ApiError(0, 'NOT_ON_SERVER', `${path} is fetched in the browser`);
  let res: Response;
  try {
    res = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body instanceof FormData || body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) throw errorFrom(res.status, data, i18n.t('errors.generic'), res.headers.get('retry-after'));
  return (schema ? parseResponse(schema, data, path, res.status) : data) as Parsed<S>;
}

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type CallInput<C extends RouteContract> = {
  signal?: AbortSignal;
  /** An answer already under way for this GET (the entry's early request) instead of a new fetch. */
  response?: Promise<Response>;
} & (C['params'] extends z.ZodType ? { params: In<C['params']> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : { body?: undefined });

/**
 * Calls an endpoint through its shared contract (packages/shared/src/common/route.ts): the address from its path and
 * params, its method, and the answer parsed with its 2xx schema (an empty 204 answers null).
 */
export async function call<C extends RouteContract>(
  contract: C,
  ...[input]: C['params'] extends z.ZodType
    ? [CallInput<C>]
    : C['body'] extends z.ZodType
      ? [CallInput<C>]
      : [CallInput<C>?]
): Promise<SuccessOf<C> extends z.ZodType ? z.output<SuccessOf<C>> : unknown> {
  const status = successStatus(contract);
  const url = routeUrl(contract, input?.params as never, input?.query as never);
  const schema = status === 204 ? undefined : contract.response[status];
  const data = await api(url, {
    method: contract.method,
    body: input?.body,
    schema,
    signal: input?.signal,
    response: input?.response,
  });
  return (status === 204 ? null : data) as never;
}

/** Upload with progress (fetch has no upload progress): resolves with the parsed JSON body, never throws. */
export function upload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (fraction: number) => void,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', i18n.t('errors.network')));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', i18n.t('errors.uploadTimeout')));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', i18n.t('errors.uploadAborted')));
    // Anything thrown in here would escape the promise and leave the caller waiting for ever.
    xhr.onload = () => {
      try {
        const data = safeJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(parseResponse(schema, data, path, xhr.status));
        else reject(errorFrom(xhr.status, data, i18n.t('errors.uploadFailed')));
      } catch (error) {
        reject(
          error instanceof ApiError ? error : new ApiError(xhr.status, 'INVALID_RESPONSE', i18n.t('errors.generic')),
        );
      }
    };
    try {
      xhr.send(form);
    } catch {
      reject(new ApiError(0, 'NETWORK', i18n.t('errors.network')));
    }
  });
}

/** The server's `{ error: { code, message } }` when it sent one; otherwise `fallback` under HTTP_<status>. */
function errorFrom(status: number, data: unknown, fallback: string, retryAfter?: string | null): ApiError {
  const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
  const retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  const parsed = errorBody.safeParse(data);
  return parsed.success
    ? new ApiError(status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details, retryAfterMs)
    : new ApiError(status, `HTTP_${status}`, fallback, undefined, retryAfterMs);
}

/**
 * A 2xx body that does not match its contract (a half-deployed server, a proxy's HTML page) becomes an ApiError
 * with a sentence for people; zod's own text names fields and types, which is for the console only.
 */
function parseResponse<S extends z.ZodType>(schema: S, data: unknown, path: string, status: number): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.warn(`Response of ${path} does not match its schema`, parsed.error);
  throw new ApiError(status, 'INVALID_RESPONSE', i18n.t('errors.invalidResponse'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
