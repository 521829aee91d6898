// Payouts (issue 22 §4): an influencer's IBAN and earnings, and the admins' monthly batches.
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { ibanResponse, saveIbanInput } from './iban.schemas.ts';
import {
  earningsResponse,
  payoutBatchDetail,
  payoutBatchList,
  payoutBatchListQuery,
  runPayoutsResponse,
} from './payout.schemas.ts';

export const payoutRoutes = {
  iban: defineRoute({
    method: 'GET',
    path: '/api/me/iban',
    response: { 200: ibanResponse },
    tags: ['payouts'],
    summary: 'The IBAN payouts go to (null until saved)',
  }),
  saveIban: defineRoute({
    method: 'PUT',
    path: '/api/me/iban',
    body: saveIbanInput,
    response: { 200: ibanResponse },
    tags: ['payouts'],
    summary: 'Save the IBAN payouts go to: spaces stripped, uppercased, country format and check digits checked',
  }),
  earnings: defineRoute({
    method: 'GET',
    path: '/api/me/earnings',
    response: { 200: earningsResponse },
    tags: ['payouts'],
    summary: 'Paid out, pending payout and in review, with the last six months',
  }),
} as const;

export const adminPayoutRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts',
    query: payoutBatchListQuery,
    response: { 200: payoutBatchList },
    tags: ['admin'],
    summary: 'Payout batches, newest first, with their totals',
  }),
  run: defineRoute({
    method: 'POST',
    path: '/api/admin/payouts',
    response: { 200: runPayoutsResponse },
    tags: ['admin'],
    summary: 'Run the monthly payout now: a batch of every approved order not yet paid out',
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts/:id',
    params: idParam,
    response: { 200: payoutBatchDetail },
    tags: ['admin'],
    summary: 'A batch: each influencer’s payout with its orders and totals',
  }),
  /** A CSV file, not JSON: the admin page links to it (`routeUrl`). */
  transferFile: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts/:id/transfers.csv',
    params: idParam,
    response: {},
    tags: ['admin'],
    summary: 'The bank transfer file: IBAN, name, amount in GEL, purpose',
  }),
  markPaid: defineRoute({
    method: 'POST',
    path: '/api/admin/payouts/:id/paid',
    params: idParam,
    response: { 200: payoutBatchDetail },
    tags: ['admin'],
    summary: 'Mark a batch paid (once): ledger entries and a statement mail to each influencer',
  }),
} as const;
