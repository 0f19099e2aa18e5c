// Development simulator of the exchange-rates provider: realistic rates (drifting a little per call, or steady) and failure modes on demand.
import { z } from 'zod';
import { access, body, createRoute, json, refusals, router } from '../../http/route';
import { ProviderRatesSchema } from '../../../src/shared/contract/catalogue';
import { emptyBodyIsEmpty } from './wire';

/** Units per 1 USD, near late-2026 market levels; the first 18 are the development seed's rates. */
const BASE_RATES: Record<string, number> = {
  USD: 1, EUR: 0.9215, GBP: 0.7862, CAD: 1.3721, AUD: 1.5234, JPY: 150.42, INR: 84.07, MXN: 18.31, CHF: 0.8814,
  NZD: 1.6652, SGD: 1.3408, HKD: 7.7912, ZAR: 18.12, BRL: 5.4876, SEK: 10.61, CNY: 7.1893, AED: 3.6725, THB: 35.21,
  NOK: 10.87, DKK: 6.874, PLN: 3.98, KRW: 1368.5, TRY: 34.2, ILS: 3.71, PHP: 57.4, IDR: 15720, MYR: 4.46, COP: 4105,
  CLP: 938.2, PEN: 3.74, ARS: 985.5, EGP: 48.6, SAR: 3.75, QAR: 3.64, KWD: 0.3071, CZK: 23.18, HUF: 367.4, RON: 4.585,
};

const MODES = ['ok', 'steady', 'fail', 'slow', 'malformed'] as const;
type Mode = (typeof MODES)[number];
let mode: Mode = 'ok';
let calls = 0;
/** Every request to /latest, whatever the mode: tests wait on it to know a refresh has reached the provider. */
let served = 0;

const ModeSchema = z.object({ mode: z.enum(MODES) });

/** In 'ok' mode each answer moves every rate (except USD) by up to ±0.5 %, so a refresh always changes something. */
function currentRates(steady: boolean): Record<string, number> {
  if (steady) return { ...BASE_RATES };
  calls += 1;
  const rates: Record<string, number> = {};
  for (const [code, base] of Object.entries(BASE_RATES)) {
    const drift = code === 'USD' ? 0 : Math.sin(calls * 7.3 + code.charCodeAt(0) + code.charCodeAt(2)) * 0.005;
    rates[code] = Number((base * (1 + drift)).toPrecision(6));
  }
  return rates;
}

/** The provider's answer: units of each currency per 1 USD, and when they were taken. */
const LatestReply = z.intersection(ProviderRatesSchema, z.object({ timestamp: z.string() }));
/** mode=malformed: rates that are not rates. */
const MalformedReply = z.object({ base: z.literal('USD'), rates: z.record(z.string(), z.union([z.string(), z.number()])) });

const routes = {
  mode: createRoute({
    method: 'get', path: '/mode', summary: 'Test hook: the provider’s mode and how many /latest calls it has served', ...access('dev'),
    responses: { 200: json(z.object({ mode: z.enum(MODES), served: z.number().int() })), ...refusals },
  }),
  setMode: createRoute({
    method: 'post', path: '/mode', summary: 'Test hook: makes the provider answer normally, steadily, fail, hang or answer nonsense', ...access('dev'),
    middleware: [emptyBodyIsEmpty] as const,
    request: { body: body(ModeSchema) },
    responses: { 200: json(ModeSchema), ...refusals },
  }),
  latest: createRoute({
    method: 'get', path: '/latest', summary: 'The latest rates per 1 USD (a mode in the query answers this call in that mode)', ...access('dev'),
    request: { query: z.object({ mode: z.string().optional() }) },
    responses: {
      200: json(z.union([LatestReply, MalformedReply])),
      500: json(z.object({ error: z.string() }), 'mode=fail: the provider is down'),
      ...refusals,
    },
  }),
};

export const ratesSim = router()
  .openapi(routes.mode, (c) => c.json({ mode, served }, 200))
  .openapi(routes.setMode, (c) => {
    mode = c.req.valid('json').mode;
    return c.json({ mode }, 200);
  })
  .openapi(routes.latest, async (c) => {
    served += 1;
    const asked = c.req.query('mode');
    const current: Mode = (MODES as readonly string[]).includes(asked ?? '') ? (asked as Mode) : mode;
    if (current === 'fail') return c.json({ error: 'provider unavailable' }, 500);
    if (current === 'malformed') return c.json({ base: 'USD' as const, rates: { EUR: 'a lot', GBP: -1 } }, 200);
    if (current === 'slow') await new Promise((r) => setTimeout(r, 8_000));
    return c.json({ base: 'USD' as const, timestamp: new Date().toISOString(), rates: currentRates(current === 'steady') }, 200);
  });
