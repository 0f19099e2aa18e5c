// The wallet answer as the browser reads it, checked by hand (no zod on the wallet and checkout pages); the server's
// shape stays WalletEntrySchema in contract/booking.ts, and tests/unit/wallet-entry.test.ts holds the two together.
import { toMinor } from './money';
import type { CardKind, WalletCard } from './wallet';
import type { CardEntry, WalletEntry } from '../contract/booking';

export type { CardEntry, WalletEntry };

type Shape = Record<string, unknown>;
const isObject = (v: unknown): v is Shape => typeof v === 'object' && v !== null && !Array.isArray(v);
const CARD_TYPES = ['certificate', 'discount', 'cash'] as const;

function fail(path: string): never {
  throw new TypeError(`wallet answer: ${path} has the wrong type`);
}

/** A field with the schema's default when absent (required when there is none); refused when present with another type. */
function field(o: Shape, key: string, type: 'string' | 'number', fallback: string | number | undefined, path: string): unknown {
  const v = o[key];
  if (v === undefined) return fallback === undefined ? fail(`${path}.${key}`) : fallback;
  if (typeof v !== type || (type === 'number' && !Number.isFinite(v))) fail(`${path}.${key}`);
  return v;
}
const str = (o: Shape, key: string, path: string, fallback?: string) => field(o, key, 'string', fallback, path) as string;
const num = (o: Shape, key: string, path: string, fallback?: number) => field(o, key, 'number', fallback, path) as number;

function cardEntry(raw: unknown, path: string): CardEntry {
  if (!isObject(raw)) fail(path);
  const type = raw.card_type;
  if (type !== undefined && !CARD_TYPES.includes(type as CardEntry['card_type'] & string)) fail(`${path}.card_type`);
  return {
    payment_card_id: num(raw, 'payment_card_id', path),
    card_code: str(raw, 'card_code', path),
    card_name: str(raw, 'card_name', path, ''),
    ...(type === undefined ? {} : { card_type: type as CardEntry['card_type'] }),
    pro_code: str(raw, 'pro_code', path, ''),
    status: str(raw, 'status', path),
    services: str(raw, 'services', path, ''),
    card_amount: num(raw, 'card_amount', path, 0),
    payment_card_redemption_price: num(raw, 'payment_card_redemption_price', path, 0),
    payment_product_code: str(raw, 'payment_product_code', path, ''),
    payment_card_currency: str(raw, 'payment_card_currency', path, 'USD'),
  };
}

function cardList(o: Shape, key: string): CardEntry[] {
  const v = o[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) fail(key);
  return v.map((e, i) => cardEntry(e, `${key}[${i}]`));
}

function summary(o: Shape, key: string): WalletEntry['certificate_details'] {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!isObject(v)) fail(key);
  return {
    count: num(v, 'count', key),
    active_count: num(v, 'active_count', key),
    total_value: num(v, 'total_value', key),
    currency: str(v, 'currency', key),
  };
}

/** The first entry of get-paymentcard-by-user as WalletEntrySchema would parse it (defaults filled); throws when it would not. */
export function parseWalletEntry(raw: unknown): WalletEntry {
  if (!isObject(raw)) fail('entry');
  const rates = raw.exchange_rates ?? {};
  if (!isObject(rates) || Object.values(rates).some((r) => typeof r !== 'number' || !Number.isFinite(r))) fail('exchange_rates');
  const options = raw.walletOptions ?? [];
  if (!Array.isArray(options)) fail('walletOptions');
  const entry: WalletEntry = {
    certidata: cardList(raw, 'certidata'),
    discountcarddata: cardList(raw, 'discountcarddata'),
    cashcarddata: cardList(raw, 'cashcarddata'),
    orgcertidata: cardList(raw, 'orgcertidata'),
    exchange_rates: { ...(rates as Record<string, number>) },
    walletOptions: options.map((w, i) => {
      if (!isObject(w)) fail(`walletOptions[${i}]`);
      const list = w.org_site_wallet;
      if (list === undefined) return {};
      if (list !== null && typeof list !== 'string') fail(`walletOptions[${i}].org_site_wallet`);
      return { org_site_wallet: list };
    }),
  };
  for (const key of ['certificate_details', 'discountcard_details', 'cashcard_details'] as const) {
    const s = summary(raw, key);
    if (s) entry[key] = s;
  }
  return entry;
}

/** A wire card entry as the wallet rules see it (amounts in minor units of the card's currency). */
export function walletCardFromEntry(entry: CardEntry, kind: CardKind, owner: 'user' | 'org'): WalletCard {
  const currency = entry.payment_card_currency.toUpperCase();
  return {
    id: entry.payment_card_id,
    code: entry.card_code,
    kind,
    status: entry.status,
    services: entry.services.split(',').map((s) => s.trim()).filter(Boolean),
    proCode: entry.pro_code,
    amountMinor: toMinor(entry.card_amount, currency),
    redemptionMinor: toMinor(entry.payment_card_redemption_price, currency),
    currency,
    productCode: entry.payment_product_code,
    owner,
    name: entry.card_name,
  };
}
