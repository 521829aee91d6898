import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, routeUrl, successStatus } from './route.ts';

const get = defineRoute({
  method: 'GET',
  path: '/api/chats/:chatId/messages/:id',
  params: z.object({ chatId: z.string(), id: z.string() }),
  query: z.object({ before: z.string().optional(), limit: z.number().optional(), tag: z.array(z.string()).optional() }),
  response: { 200: z.object({ ok: z.boolean() }), 404: z.object({}) },
  tags: ['t'],
  summary: 's',
});

describe('routeUrl', () => {
  it('fills each parameter, encoded, and appends the defined query values in order', () => {
    expect(routeUrl(get, { chatId: 'a/b', id: 'ä?' }, { before: undefined, limit: 20, tag: ['x', 'y'] })).toBe(
      '/api/chats/a%2Fb/messages/%C3%A4%3F?limit=20&tag=x&tag=y',
    );
    expect(routeUrl(get, { chatId: 'c', id: 'm' })).toBe('/api/chats/c/messages/m');
    expect(routeUrl(get, { chatId: 'c', id: 'm' }, {})).toBe('/api/chats/c/messages/m');
  });

  it('refuses to build an address with a parameter missing', () => {
    expect(() => routeUrl(get, { chatId: 'c', id: '' })).toThrow(/no value for :id/);
  });

  it('knows which answer is the success', () => {
    expect(successStatus(get)).toBe(200);
    expect(successStatus({ ...get, response: { 204: z.null(), 409: z.object({}) } })).toBe(204);
    expect(() => successStatus({ ...get, response: { 409: z.object({}) } })).toThrow(/no 2xx/);
  });
});
