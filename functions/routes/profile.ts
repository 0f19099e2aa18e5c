// The signed-in user's profile and preferences (GET/PUT /api/profile, updatePrefCurrLang).
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../http/session';
import { refreshUserDataCookie } from '../http/cookies';
import { referrerOf, updateProfile, userById, type ProfileChanges, type UserRow } from '../db/users';
import { checkCatalogueRefs } from '../flows/catalogue-refs';
import {
  AGE_BANDS, PrefCurrLangBody, PrefCurrLangReplySchema, ProfileReplySchema, ProfileSavedReplySchema, ProfileUpdateSchema, TRAVEL_PREFERENCES, type Profile,
} from '../../src/shared/contract/auth';
import { notFound } from '../errors';
import { activeCardAmounts } from '../db/cards';
import { ratesFromUsd } from '../cache/rates';
import { convertMinor, fromMinor } from '../../src/shared/rules/money';
import { access, body, createRoute, json, refusals, router } from '../http/route';

function parseJsonList(text: string): string[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Wallet summary for the profile: cash balance in USD and counts of active certificates and discount cards. */
async function walletSummary(db: D1Database, orgId: number, userId: number) {
  try {
    const [results, rates] = await Promise.all([activeCardAmounts(db, orgId, userId), ratesFromUsd(db)]);
    // Cash cards may hold any currency (and a currency's own minor unit): sum them in USD through the shared rule.
    const cashUsdMinor = results
      .filter((c) => c.kind === 'cash')
      .reduce((sum, c) => sum + convertMinor(c.card_amount_minor, c.payment_card_currency, 'USD', rates), 0);
    return {
      cash: fromMinor(cashUsdMinor, 'USD'),
      certificates: results.filter((c) => c.kind === 'certificate').length,
      discount: results.filter((c) => c.kind === 'discount' && c.card_amount_minor > 0).length,
    };
  } catch {
    // The wallet tables belong to another area; a profile still answers without them.
    return { cash: 0, certificates: 0, discount: 0 };
  }
}

export async function profileOf(db: D1Database, row: UserRow): Promise<Profile> {
  const [referrer, wallet] = await Promise.all([
    row.referred_by_code ? referrerOf(db, row.org_id, row.referred_by_code) : null,
    walletSummary(db, row.org_id, row.id),
  ]);
  const ageBand = (AGE_BANDS as readonly string[]).includes(row.age_band ?? '') ? (row.age_band as Profile['travprofile']['age_band']) : null;
  const prefs = parseJsonList(row.travel_preferences).filter((p): p is (typeof TRAVEL_PREFERENCES)[number] =>
    (TRAVEL_PREFERENCES as readonly string[]).includes(p),
  );
  return {
    basicprofile: [
      {
        user_id: row.id,
        type: row.role === 'agent' ? 1 : 2,
        role: row.role,
        can_user_book: row.can_user_book ? 1 : 0,
        subscription_details: [{ plan_status: row.plan_status }],
        country: row.country_code,
        phone_country_code: row.phone_country_code,
        mobile_no: row.mobile_no,
        access_code: row.access_code,
        title: row.title,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        nationality: row.nationality_id,
        language: row.language,
        currency: row.currency,
        referral_code: row.referral_code,
        is_promotion: row.is_promotion ? 1 : 0,
        display_price: row.display_price ? 1 : 0,
        credit_limit: row.credit_limit_minor / 100,
        verified: row.verified_at ? 1 : 0,
        has_password: row.password_hash ? 1 : 0,
        provider: row.provider,
        created_at: row.created_at,
      },
    ],
    referralData: referrer ? { first_name: referrer.first_name, last_name: referrer.last_name } : null,
    ...wallet,
    promotions: { is_promotion: row.is_promotion ? 1 : 0 },
    travprofile: { age_band: ageBand },
    travelpreference: prefs,
  };
}

async function ownRow(c: Context<AppEnv>) {
  const user = c.get('user');
  const row = await userById(c.env.DB, user.orgId, user.id);
  if (!row) throw notFound('No such account');
  return row;
}

function refreshCookie(c: Context<AppEnv>, row: UserRow) {
  const user = c.get('user');
  refreshUserDataCookie(c, { firstName: row.first_name, email: row.email, role: row.role, currency: row.currency, language: row.language, id: row.id }, user.remember);
}

// The session is checked before the body (requireUser): signed out is a 401 whatever was sent.
const routes = {
  profile: createRoute({
    method: 'get', path: '/profile', summary: 'The signed-in user’s profile', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(ProfileReplySchema), ...refusals },
  }),
  saveProfile: createRoute({
    method: 'put', path: '/profile', summary: 'Changes the signed-in user’s profile (the fields sent)', ...access('user'), middleware: [requireUser] as const,
    request: { body: body(ProfileUpdateSchema) },
    responses: { 200: json(ProfileSavedReplySchema), ...refusals },
  }),
  prefCurrLang: createRoute({
    method: 'post', path: '/profile/updatePrefCurrLang', summary: 'Saves the signed-in user’s currency and language', ...access('user'), middleware: [requireUser] as const,
    request: { body: body(PrefCurrLangBody) },
    responses: { 200: json(PrefCurrLangReplySchema), ...refusals },
  }),
};

export const profile = router()
  .openapi(routes.profile, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: await profileOf(c.env.DB, await ownRow(c)) }, 200);
  })
  .openapi(routes.saveProfile, async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    await checkCatalogueRefs(c.env.DB, { nationality: body.nationality, language: body.language, currency: body.currency }, '');
    const changes: ProfileChanges = {
      title: body.title,
      first_name: body.first_name,
      last_name: body.last_name,
      nationality_id: body.nationality,
      country_code: body.country,
      phone_country_code: body.phone_country_code,
      mobile_no: body.mobile_no,
      language: body.language,
      currency: body.currency,
      age_band: body.travprofile ? body.travprofile.age_band : undefined,
      travel_preferences: body.travelpreference ? JSON.stringify([...new Set(body.travelpreference)]) : undefined,
    };
    await updateProfile(c.env.DB, user.orgId, user.id, changes);
    const row = await ownRow(c);
    refreshCookie(c, row);
    return c.json({ status: 'success' as const, message: '', data: await profileOf(c.env.DB, row) }, 200);
  })
  .openapi(routes.prefCurrLang, async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    await checkCatalogueRefs(c.env.DB, { language: body.language, currency: body.currency_code }, '', { currency: 'currency_code' });
    await updateProfile(c.env.DB, user.orgId, user.id, { currency: body.currency_code, language: body.language });
    const row = await ownRow(c);
    refreshCookie(c, row);
    return c.json({ status: 'success' as const, message: '', data: { currency_code: row.currency, language: row.language } }, 200);
  });
