/**
 * A local peer of the Stripe API for tests: stripe-stateful-mock (0.0.16) answers what it has
 * (customers, card sources from test tokens, products, prices, charges, refunds, idempotent
 * replays), and this file answers, in memory, the Billing endpoints it lacks or speaks in an older
 * API version: subscriptions (create by price, retrieve, update, cancel), subscription schedules,
 * coupons, the invoice preview, invoice payments and paying an open invoice. Every object this file makes starts from
 * Stripe's official OpenAPI fixture of its kind (tests/fixtures/stripe/), so its shape is the API's.
 *
 * Every request is recorded (method, path, Idempotency-Key, parsed body) for tests to check.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

const require = createRequire(import.meta.url);
const { createExpressApp } = require('stripe-stateful-mock') as { createExpressApp(): http.RequestListener };
const mockPrices = require('stripe-stateful-mock/dist/api/prices').prices as { retrieve(account: string, id: string, param: string): Price };
const mockCustomers = require('stripe-stateful-mock/dist/api/customers').customers as { retrieve(account: string, id: string, param: string): { id: string } };

type Json = Record<string, any>;
type Price = { id: string; currency: string; unit_amount: number; recurring: { interval: 'month' | 'year' } | null; lookup_key: string | null; metadata: Record<string, string> };

const FIXTURES = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/stripe/openapi-fixtures3.json'), 'utf8')) as Record<string, Json>;
const fixture = (kind: string, fields: Json): Json => ({ ...structuredClone(FIXTURES[kind]), ...fields });
const ACCOUNT = 'acct_default';
let counter = 0;
const newId = (prefix: string) => `${prefix}_peer${Date.now().toString(36)}${(++counter).toString(36)}`;
const now = () => Math.floor(Date.now() / 1000);

class PeerError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}
const missing = (kind: string, id: string) => new PeerError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });

/** One interval after `from` (seconds), as Stripe bills: the same day of the next month or year. */
function after(from: number, interval: 'month' | 'year', count = 1): number {
  const d = new Date(from * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Json | null;
}

export interface StripePeer {
  /** STRIPE_API_BASE for the adapter. */
  url: string;
  requests: RecordedRequest[];
  /** What the peer holds (tests move a subscription's state as Stripe's billing would). */
  subscriptions: Map<string, Json>;
  close(): Promise<void>;
}

export async function startStripePeer(): Promise<StripePeer> {
  const mock = createExpressApp();
  const subscriptions = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: string }>();

  const price = (id: string): Price => {
    try {
      return mockPrices.retrieve(ACCOUNT, id, 'price');
    } catch {
      throw missing('price', id);
    }
  };
  const subscription = (id: string) => subscriptions.get(id) ?? (() => { throw missing('subscription', id); })();
  const schedule = (id: string) => schedules.get(id) ?? (() => { throw missing('subscription_schedule', id); })();
  const discountOf = (sub: Json, couponId: string): Json => {
    const coupon = coupons.get(couponId) ?? (() => { throw missing('coupon', couponId); })();
    const start = now();
    const end = coupon.duration === 'repeating' ? after(start, 'month', Number(coupon.duration_in_months)) : null;
    return fixture('discount', { id: newId('di'), customer: sub.customer, subscription: sub.id, start, end, source: { type: 'coupon', coupon } });
  };
  const itemOf = (subId: string, priceId: string, start: number, id = newId('si')): Json => {
    const p = price(priceId);
    const base = structuredClone(FIXTURES.subscription!.items.data[0]);
    return { ...base, id, subscription: subId, price: p, plan: undefined, quantity: 1, created: start, current_period_start: start, current_period_end: after(start, p.recurring?.interval ?? 'month') };
  };
  /** A stored subscription as the API returns it: discounts and schedule as ids unless expanded. */
  const view = (sub: Json, expand: string[] = []): Json => ({
    ...sub,
    discounts: expand.includes('discounts') ? sub.discounts : sub.discounts.map((d: Json) => d.id),
    schedule: sub.schedule && expand.includes('schedule') ? schedule(sub.schedule) : sub.schedule,
  });

  const routes: Array<[string, RegExp, (m: RegExpMatchArray, body: Json) => Json]> = [
    ['POST', /^\/v1\/subscriptions$/, (_m, body) => {
      mockCustomers.retrieve(ACCOUNT, body.customer, 'customer');
      const id = newId('sub');
      const start = now();
      const items = (body.items as Json[]).map((item) => itemOf(id, item.price, start));
      const sub = fixture('subscription', {
        id, customer: body.customer, currency: body.currency ?? items[0]!.price.currency, status: 'active', created: start, start_date: start,
        billing_cycle_anchor: start, cancel_at: null, cancel_at_period_end: false, canceled_at: null, ended_at: null, latest_invoice: null,
        pending_update: null, schedule: null, default_payment_method: null, default_source: null, metadata: body.metadata ?? {},
        items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` }, discounts: [],
      });
      sub.discounts = ((body.discounts ?? []) as Json[]).map((d) => discountOf(sub, d.coupon));
      subscriptions.set(id, sub);
      return view(sub, body.expand);
    }],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m, query) => view(subscription(m[1]!), query.expand)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, body) => {
      const sub = subscription(m[1]!);
      if (sub.status === 'canceled') throw new PeerError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.discounts !== undefined) sub.discounts = ((body.discounts || []) as Json[]).map((d) => discountOf(sub, d.coupon));
      if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
      for (const change of (body.items ?? []) as Json[]) {
        const index = sub.items.data.findIndex((item: Json) => item.id === change.id);
        if (index < 0) throw missing('subscription_item', change.id);
        const old = sub.items.data[index];
        const next = itemOf(sub.id, change.price, old.current_period_start, old.id);
        // Same interval: the period stays; another interval restarts the billing cycle today.
        if (price(change.price).recurring?.interval === old.price.recurring?.interval) next.current_period_end = old.current_period_end;
        else Object.assign(next, { current_period_start: now(), current_period_end: after(now(), price(change.price).recurring!.interval) });
        sub.items.data[index] = next;
      }
      return view(sub, body.expand);
    }],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m) => {
      const sub = subscription(m[1]!);
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
      return view(sub);
    }],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, (m) => coupons.get(m[1]!) ?? (() => { throw missing('coupon', m[1]!); })()],
    ['POST', /^\/v1\/coupons$/, (_m, body) => {
      if (coupons.has(body.id)) throw new PeerError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.' });
      const coupon = fixture('coupon', { id: body.id ?? newId('co'), name: body.name ?? null, percent_off: Number(body.percent_off), duration: body.duration, duration_in_months: body.duration_in_months ? Number(body.duration_in_months) : null, created: now(), times_redeemed: 0, redeem_by: null });
      coupons.set(coupon.id, coupon);
      return coupon;
    }],
    ['POST', /^\/v1\/subscription_schedules$/, (_m, body) => {
      const sub = subscription(body.from_subscription);
      if (sub.schedule) throw new PeerError(400, { type: 'invalid_request_error', message: 'You cannot migrate a subscription that is already attached to a schedule.' });
      const item = sub.items.data[0];
      const phase = { ...structuredClone(FIXTURES.subscription_schedule!.phases[0]), start_date: item.current_period_start, end_date: item.current_period_end, currency: sub.currency, discounts: sub.discounts.map((d: Json) => ({ coupon: d.source.coupon.id, discount: d.id, promotion_code: null })), items: [{ price: item.price.id, quantity: 1, discounts: [], metadata: {}, tax_rates: [] }], metadata: {} };
      const created = fixture('subscription_schedule', { id: newId('sub_sched'), customer: sub.customer, subscription: sub.id, status: 'active', end_behavior: 'release', released_at: null, released_subscription: null, canceled_at: null, completed_at: null, created: now(), current_phase: { start_date: phase.start_date, end_date: phase.end_date }, phases: [phase] });
      schedules.set(created.id, created);
      sub.schedule = created.id;
      return created;
    }],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, (m) => schedule(m[1]!)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (m) => {
      const s = schedule(m[1]!);
      Object.assign(s, { status: 'released', released_at: now(), released_subscription: s.subscription, subscription: null });
      subscription(s.released_subscription).schedule = null;
      return s;
    }],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (m, body) => {
      const s = schedule(m[1]!);
      const phases = (body.phases ?? []) as Json[];
      // Stripe's rule: the phase running now keeps its start date.
      if (phases.length && Number(phases[0]!.start_date) !== s.current_phase.start_date) throw new PeerError(400, { type: 'invalid_request_error', message: 'You can not modify the start date of the current phase.' });
      let start = s.current_phase.start_date;
      s.phases = phases.map((p) => {
        const first = price(p.items[0].price);
        const end = p.end_date ? Number(p.end_date) : after(start, p.duration?.interval ?? first.recurring!.interval, Number(p.duration?.interval_count ?? 1));
        const phase = { ...structuredClone(FIXTURES.subscription_schedule!.phases[0]), start_date: start, end_date: end, items: p.items.map((i: Json) => ({ price: i.price, quantity: 1, discounts: [], metadata: {}, tax_rates: [] })), discounts: p.discounts ?? [], metadata: p.metadata ?? {} };
        start = end;
        return phase;
      });
      if (body.end_behavior) s.end_behavior = body.end_behavior;
      return s;
    }],
    ['POST', /^\/v1\/invoices\/create_preview$/, (_m, body) => {
      const sub = subscription(body.subscription);
      const item = sub.items.data[0];
      const next = price(body.subscription_details.items[0].price);
      const at = Number(body.subscription_details.proration_date ?? now());
      const left = (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
      const line = (amount: number, proration: boolean) => ({ object: 'line_item', id: newId('il'), amount, currency: sub.currency, parent: { type: 'subscription_item_details', subscription_item_details: { proration, subscription: sub.id, subscription_item: item.id, invoice_item: null, proration_details: null }, invoice_item_details: null } });
      const lines = [line(-Math.round(item.price.unit_amount * left), true), line(Math.round(next.unit_amount * left), true), line(next.unit_amount, false)];
      const total = lines.reduce((sum, l) => sum + l.amount, 0);
      return fixture('invoice', { id: undefined, object: 'invoice', customer: sub.customer, currency: sub.currency, amount_due: total, total, subtotal: total, lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' } });
    }],
    // Paying a past-due subscription's open invoice (a test makes it past due by setting status and latest_invoice):
    // with the customer's default card, which declines as Stripe's test card 0341 does.
    ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, (m) => {
      const sub = [...subscriptions.values()].find((s) => s.latest_invoice === m[1]) ?? (() => { throw missing('invoice', m[1]!); })();
      const customer = mockCustomers.retrieve(ACCOUNT, sub.customer, 'customer') as Json;
      const card = (customer.sources?.data as Json[] | undefined)?.find((source) => source.id === customer.default_source);
      if (!card || card.last4 === '0341') throw new PeerError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
      sub.status = 'active';
      return fixture('invoice', { id: m[1], status: 'paid', customer: sub.customer, amount_paid: sub.items.data[0].price.unit_amount });
    }],
    ['GET', /^\/v1\/invoice_payments$/, () => ({ object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' })],
  ];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const route = routes.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) {
      requests.push({ method: req.method!, path: url.pathname, idempotencyKey, body: null });
      mock(req, res);
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = qs.parse(req.method === 'GET' ? url.search.slice(1) : raw, { depth: 10, arrayLimit: 100 }) as Json;
      requests.push({ method: req.method!, path: url.pathname, idempotencyKey, body });
      // Stripe replays the first answer to a request made again with the same Idempotency-Key.
      const replayKey = idempotencyKey && req.method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        res.end(replay.body);
        return;
      }
      let status = 200;
      let answer: Json;
      try {
        answer = route[2](url.pathname.match(route[1])!, body);
      } catch (err) {
        // The mock's own errors (an unknown customer) carry statusCode and error as Stripe's do.
        const e = err as { status?: number; statusCode?: number; error?: Json };
        status = err instanceof PeerError ? err.status : (e.statusCode ?? 500);
        answer = { error: e.error ?? { type: 'api_error', message: String(err) } };
      }
      const text = JSON.stringify(answer);
      if (replayKey && status < 500) replays.set(replayKey, { status, body: text });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
