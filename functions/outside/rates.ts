// Exchange rates: USD-based conversion and the scheduled refresh from the configured provider into D1.
import { serviceUrl, type Bindings } from '../env';
import { saveRates } from '../cache/rates';
import { ProviderRatesSchema } from '../../src/shared/contract/catalogue';

export const PROVIDER_TIMEOUT_MS = 5_000;

/**
 * How many units of `to` one unit of `from` buys, or null when either has no rate. Rates are units per 1 USD:
 * from USD multiply, to USD divide, so every cross rate goes through USD.
 */
export function crossRate(rates: Record<string, number>, from: string, to: string): number | null {
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  return Number((toRate / fromRate).toPrecision(8));
}

export type RefreshOutcome = { ok: true; count: number } | { ok: false; reason: string };

/** Fetches the provider's rates and replaces ours in one batch; on any failure logs it and keeps the old rates. */
export async function refreshRates(env: Bindings): Promise<RefreshOutcome> {
  const url = serviceUrl(env, env.RATES_API_URL);
  const fail = (reason: string): RefreshOutcome => {
    console.error(JSON.stringify({ level: 'error', event: 'rates.refresh_failed', url, reason }));
    return { ok: false, reason };
  };
  let raw: unknown;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!res.ok) return fail(`provider answered ${res.status}`);
    raw = await res.json();
  } catch (err) {
    return fail(err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${PROVIDER_TIMEOUT_MS} ms` : String(err));
  }
  const parsed = ProviderRatesSchema.safeParse(raw);
  if (!parsed.success) return fail(`malformed answer: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  try {
    await saveRates(env.DB, parsed.data.rates, new Date().toISOString());
  } catch (err) {
    return fail(`could not save: ${String(err)}`);
  }
  const count = Object.keys(parsed.data.rates).length;
  console.log(JSON.stringify({ level: 'info', event: 'rates.refreshed', count }));
  return { ok: true, count };
}
