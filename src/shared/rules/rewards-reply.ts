// The rewards answer (GET /api/referral/getRewards) as the browser reads it, checked by hand so the rewards and referral
// pages load no zod (docs/decisions/0039-page-weight-by-interaction.md); the server's shape stays RewardsResponse in
// contract/loyalty.ts, and tests/unit/rewards-reply.test.ts holds the two together.
import type { Rewards } from '../contract/loyalty';

export type { Rewards };

type Shape = Record<string, unknown>;
const isObject = (v: unknown): v is Shape => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown) => Number.isInteger(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown) => typeof v === 'string';
const isDay = (v: unknown) => v === null || typeof v === 'string';

const FIELDS: Record<keyof Rewards, (v: unknown) => boolean> = {
  loyaltyEnabled: (v) => typeof v === 'boolean',
  startDate: isDay,
  endDate: isDay,
  landingUrl: isString,
  referralCode: isString,
  referralName: isString,
  orgId: isInt,
  referralCount: isInt,
  totalCredits: isNumber,
  rewards: (v) => Array.isArray(v) && v.every((r) => isObject(r) && isString(r.action) && isInt(r.count) && isNumber(r.credits)),
  rules: (v) => Array.isArray(v) && v.every((r) => isObject(r) && isString(r.action) && isNumber(r.credits)),
};

/** `{ data: Rewards }` with only the schema's fields (as zod's parse strips the others); throws on any other shape. */
export function readRewardsReply(reply: unknown): { data: Rewards } {
  const data = isObject(reply) ? reply.data : undefined;
  if (!isObject(data)) throw new TypeError('rewards answer: data has the wrong type');
  const out: Shape = {};
  for (const [key, fits] of Object.entries(FIELDS)) {
    if (!fits(data[key])) throw new TypeError(`rewards answer: data.${key} has the wrong type`);
    out[key] = key === 'rewards' || key === 'rules' ? (data[key] as Shape[]).map((r) => stripTo(r, key === 'rewards' ? ['action', 'count', 'credits'] : ['action', 'credits'])) : data[key];
  }
  return { data: out as Rewards };
}

const stripTo = (row: Shape, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));
