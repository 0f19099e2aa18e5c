// Development exchange rates (units per 1 USD, docs/contract.md#development), so prices convert before the first scheduled refresh.
import { q } from '../index.mjs';

const DEV_RATES = {
  USD: 1,
  EUR: 0.9215,
  GBP: 0.7862,
  CAD: 1.3721,
  AUD: 1.5234,
  JPY: 150.42,
  INR: 84.07,
  MXN: 18.31,
  CHF: 0.8814,
  NZD: 1.6652,
  SGD: 1.3408,
  HKD: 7.7912,
  ZAR: 18.12,
  BRL: 5.4876,
  SEK: 10.61,
  CNY: 7.1893,
  AED: 3.6725,
  THB: 35.21,
};

export default function () {
  const rows = Object.entries(DEV_RATES).map(([code, rate]) => `(${q(code)}, ${q(rate)}, '2026-11-01T00:00:00Z')`);
  return `INSERT OR REPLACE INTO exchange_rates (code, rate, updated_at) VALUES\n  ${rows.join(',\n  ')};\n`;
}
