// The org console's use-cases: plain values in (the org, the acting admin, validated input), plain values out.
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { issuesOf } from '../errors';
import type { OrgRow } from '../db/orgs';
import {
  changeMember, currencyOffered, goLive, launchRow, listAudit, listMembers, memberById, orgRow, publishTheme, recordAgentPayment, themeRow,
  updateOrgSettings, type Actor, type MemberRow, type OrgColumn,
} from '../db/console';
import { creditOf } from '../db/agents';
import { atomically } from '../db/batch';
import { cssVersion, themeHref } from '../lib/theme-address';
import { eligibleTypes } from '../../src/shared/rules/booking-dates';
import { DEFAULT_THEME, HEX_COLOUR, normalHex, themeCss, type ThemeValues } from '../../src/shared/rules/theme';
import {
  accessCodeHash, accessCodeHint, accessCodeUses, createAccessCodeStatements, deleteAccessCodeStatements, listAccessCodes, type AccessCodeListRow,
} from '../db/access-codes';
import {
  CONSOLE_MSG, OrgSettingsSchema, PER_PAGE, type AccessCodeCreate, type AccessCodeEntry, type AccessCodeUse, type AuditEntry, type MemberEntry, type MemberPatch,
  type OrgSettings, type OrgSettingsPatch, LAUNCH_STEPS, ThemeSchema, type LaunchState, type PaymentInput, type ThemeInput, WALLET_OPTIONS,
} from '../../src/shared/contract/console';

const list = (text: string) => text.split(',').map((p) => p.trim()).filter(Boolean);

/**
 * The stored wallet list as the console's names, read as the wallet reads it (case- and space-tolerant, like
 * parseWalletOptions): a stored `ONLY-DISCOUNT` or `discount cards` is the option it names, so a later save of any
 * other setting never fails on how an earlier tool wrote the list; a name the wallet would ignore is left out.
 */
export function walletOptionsOf(text: string): OrgSettings['wallet_options'] {
  const byName = new Map(WALLET_OPTIONS.map((w) => [w.toLowerCase(), w]));
  return [...new Set(list(text).flatMap((name) => byName.get(name.toLowerCase()) ?? []))];
}

/** The stored row as the console's settings (the lists as arrays, flags as 0/1). */
export function settingsOf(org: OrgRow): OrgSettings {
  return {
    name: org.name,
    logo_url: org.logo_url,
    default_language: org.default_language as OrgSettings['default_language'],
    default_currency: org.default_currency,
    eligible_products: list(org.eligible_products),
    wallet_options: walletOptionsOf(org.wallet_options),
    display_price: org.display_price ? 1 : 0,
    min_checkin_days: org.min_checkin_days,
    calendar_type: org.calendar_type,
    access_code_required: org.access_code_required ? 1 : 0,
    google_enabled: org.google_enabled ? 1 : 0,
    facebook_enabled: org.facebook_enabled ? 1 : 0,
    google_client_id: org.google_client_id,
    facebook_app_id: org.facebook_app_id,
    allow_guest_booking: org.allow_guest_booking ? 1 : 0,
    require_2fa_for_staff: org.require_2fa_for_staff ? 1 : 0,
    b2b_mode: org.b2b_mode ? 1 : 0,
    session_out_url: org.session_out_url,
    loyalty_landing_url: org.loyalty_landing_url,
    all_inclusive_url: org.all_inclusive_url,
    trips_site_url: org.trips_site_url,
    support_phone: org.support_phone,
    support_email: org.support_email,
  };
}

async function storedOrg(db: D1Database, orgId: number): Promise<OrgRow> {
  const org = await orgRow(db, orgId);
  if (!org) throw notFound('No such organisation');
  return org;
}

export async function readSettings(db: D1Database, orgId: number): Promise<OrgSettings> {
  return settingsOf(await storedOrg(db, orgId));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a settings change: the settings as they would be are checked as a whole (rules between fields included),
 * then the changed fields and the audit row (before → after) are written in one batch. Nothing changed → nothing written.
 */
export async function changeSettings(db: D1Database, orgId: number, actor: Actor, patch: OrgSettingsPatch): Promise<OrgSettings> {
  const before = settingsOf(await storedOrg(db, orgId));
  const merged = OrgSettingsSchema.safeParse({ ...before, ...patch });
  if (!merged.success) {
    const issues = issuesOf(merged.error);
    throw badRequest(`Invalid ${issues[0]?.path || 'settings'}: ${issues[0]?.message ?? 'check the settings'}`, issues);
  }
  if (patch.default_currency !== undefined && patch.default_currency !== before.default_currency && !(await currencyOffered(db, patch.default_currency))) {
    throw badRequest(`Invalid default_currency: ${CONSOLE_MSG.unknownCurrency}`, [{ path: 'default_currency', message: CONSOLE_MSG.unknownCurrency }]);
  }
  const after = merged.data;
  const changed = (Object.keys(patch) as (keyof OrgSettings)[]).filter((k) => !same(before[k], after[k]));
  if (changed.length === 0) return before;
  const values: Partial<Record<OrgColumn, string | number>> = {};
  for (const k of changed) {
    const v = after[k];
    values[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const detail = {
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  };
  // The version moved in the same batch; the console's middleware tells the edge once the answer is ready (app.ts).
  await updateOrgSettings(db, orgId, actor, values, detail);
  return readSettings(db, orgId);
}

// ---- access codes ------------------------------------------------------------------------------------------------

const entryOf = (row: AccessCodeListRow, used_by: AccessCodeUse[]): AccessCodeEntry => ({
  hint: row.hint,
  label: row.label,
  expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  max_uses: row.max_uses,
  uses: row.uses,
  created_at: row.created_at,
  used_by,
});

export async function accessCodes(db: D1Database, orgId: number): Promise<AccessCodeEntry[]> {
  const [rows, uses] = await Promise.all([listAccessCodes(db, orgId), accessCodeUses(db, orgId)]);
  const byCode = new Map<number, AccessCodeUse[]>();
  for (const { access_code_id, email, at } of uses) byCode.set(access_code_id, [...(byCode.get(access_code_id) ?? []), { email, at }]);
  return rows.map((row) => entryOf(row, byCode.get(row.id) ?? []));
}

/** The schema has checked that `expires_at` is in the future (src/shared/schemas/console.ts). */
export async function createAccessCode(db: D1Database, orgId: number, actor: Actor, pepper: string, input: AccessCodeCreate, now: number) {
  const expiresAt = input.expires_at ? Date.parse(input.expires_at) : null;
  const hint = accessCodeHint(input.code);
  const entry = { label: input.label ?? '', expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(), max_uses: input.max_uses ?? null };
  const [, insert] = await atomically(
    db,
    createAccessCodeStatements(
      db,
      { orgId, codeHash: await accessCodeHash(orgId, input.code, pepper), hint, label: entry.label, expiresAt, maxUses: entry.max_uses },
      { actorId: actor.id, actorEmail: actor.email, detail: JSON.stringify({ after: { hint, ...entry } }) },
    ),
  );
  if ((insert!.meta.changes ?? 0) === 0) throw conflict(CONSOLE_MSG.duplicateCode);
  return { hint, ...entry, uses: 0, created_at: new Date(now).toISOString(), used_by: [] } satisfies AccessCodeEntry;
}

export async function revokeAccessCode(db: D1Database, orgId: number, actor: Actor, pepper: string, code: string) {
  const hint = accessCodeHint(code);
  const [, removed] = await atomically(
    db,
    deleteAccessCodeStatements(db, orgId, await accessCodeHash(orgId, code, pepper), { actorId: actor.id, actorEmail: actor.email, hint }),
  );
  if ((removed!.meta.changes ?? 0) === 0) throw notFound(CONSOLE_MSG.noSuchCode);
  return { hint };
}

// ---- members -----------------------------------------------------------------------------------------------------

export const memberEntry = (row: MemberRow): MemberEntry => ({
  userId: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  verified: row.verified_at ? 1 : 0,
  can_user_book: row.can_user_book ? 1 : 0,
  credit_limit: row.credit_limit_minor / 100,
  created_at: row.created_at,
});

export async function members(db: D1Database, orgId: number, q: string, page: number) {
  const { count, rows } = await listMembers(db, orgId, q, PER_PAGE, (page - 1) * PER_PAGE);
  return { count, page, per_page: PER_PAGE, data: rows.map(memberEntry) };
}

export async function changeMemberSettings(db: D1Database, orgId: number, actor: Actor, userId: number, patch: MemberPatch): Promise<MemberEntry> {
  const written = await changeMember(db, orgId, actor, userId, {
    role: patch.role,
    canUserBook: patch.can_user_book,
    creditLimitMinor: patch.credit_limit === undefined ? undefined : Math.round(patch.credit_limit * 100),
  });
  const row = await memberById(db, orgId, userId);
  if (!row) throw notFound(CONSOLE_MSG.noSuchMember);
  if (!written) throw conflict(CONSOLE_MSG.lastAdmin);
  return memberEntry(row);
}

// ---- audit -------------------------------------------------------------------------------------------------------

export async function auditLog(db: D1Database, orgId: number, page: number) {
  const { count, rows } = await listAudit(db, orgId, PER_PAGE, (page - 1) * PER_PAGE);
  const data: AuditEntry[] = rows.map((r) => {
    let detail: AuditEntry['detail'] = {};
    try {
      detail = JSON.parse(r.detail);
    } catch {
      // A row is written by this code only; an unreadable detail is shown empty rather than failing the page.
    }
    return { at: r.at, actor_email: r.actor_email, action: r.action, target: r.target, detail };
  });
  return { count, page, per_page: PER_PAGE, data };
}

// ---- agents' payments --------------------------------------------------------------------------------------------

/** One member with, for an agent, what the ledger says they owe. */
export async function memberDetail(db: D1Database, orgId: number, userId: number) {
  const row = await memberById(db, orgId, userId);
  if (!row) throw notFound(CONSOLE_MSG.noSuchMember);
  const outstanding = row.role === 'agent' ? (await creditOf(db, { orgId, agentId: userId })).outstandingMinor / 100 : 0;
  return { ...memberEntry(row), outstanding };
}

export async function recordPayment(db: D1Database, orgId: number, actor: Actor, userId: number, input: PaymentInput) {
  const written = await recordAgentPayment(db, orgId, actor, userId, Math.round(input.amount * 100), input.note ?? '');
  if (!written) {
    if (!(await memberById(db, orgId, userId))) throw notFound(CONSOLE_MSG.noSuchMember);
    throw conflict(CONSOLE_MSG.notAnAgent);
  }
  return memberDetail(db, orgId, userId);
}

// ---- theme and launch --------------------------------------------------------------------------------------------

/** The colours a stylesheet written before the console names (the seed's), over the defaults. */
function valuesFromCss(css: string): ThemeValues {
  const read = (name: string) => {
    const v = new RegExp(`${name}:\\s*(#[0-9a-f]{3,6})\\s*[;}]`, 'i').exec(css)?.[1];
    return v && HEX_COLOUR.test(v) ? normalHex(v) : undefined;
  };
  return { ...DEFAULT_THEME, primary: read('--brand') ?? DEFAULT_THEME.primary, primary_text: read('--brand-ink') ?? DEFAULT_THEME.primary_text, accent: read('--accent') ?? DEFAULT_THEME.accent };
}

export async function readTheme(db: D1Database, orgId: number): Promise<{ values: ThemeValues; href: string | null }> {
  const row = await themeRow(db, orgId);
  if (!row) return { values: DEFAULT_THEME, href: null };
  let values = valuesFromCss(row.css);
  if (row.source) {
    try {
      const parsed = ThemeSchema.safeParse(JSON.parse(row.source));
      if (parsed.success) values = parsed.data;
    } catch {
      // Written by publishTheme only; unreadable means the stylesheet's own colours are the best account.
    }
  }
  return { values, href: themeHref(await cssVersion(row.css)) };
}

/** Writes the stylesheet from the checked values (never from text the admin sent) and answers its versioned address. */
export async function changeTheme(db: D1Database, orgId: number, actor: Actor, theme: ThemeInput) {
  const css = themeCss(theme);
  await publishTheme(db, orgId, actor, css, JSON.stringify(theme));
  return { href: themeHref(await cssVersion(css)) };
}

export async function launchState(db: D1Database, orgId: number): Promise<LaunchState> {
  const row = await launchRow(db, orgId);
  if (!row) throw notFound('No such organisation');
  const done = {
    brand: Boolean(row.themed && row.logo_url),
    // Something the site offers can be booked: an active product of an eligible type with a priced night to come, or an active activity.
    products: eligibleTypes(row.eligible_products).some((type) => (row.bookable_types ?? '').split(',').includes(type)),
    sign_in: Boolean(row.google_enabled || row.facebook_enabled || row.access_code_required),
    wallet: list(row.wallet_options).length > 0,
    domain: row.custom_hosts > 0,
    // Orgs made before the closed start (and the seeded ones) are open: live without a date.
    live: row.closed === 0,
  };
  return { steps: LAUNCH_STEPS.map((step) => ({ step, done: done[step] })), live_at: row.live_at };
}

/** The steps an org must have done before it may open (docs/decisions/0066): the rest are advice. */
export const GO_LIVE_NEEDS = ['brand', 'sign_in', 'products'] as const;

/**
 * Opens the org (POST /api/admin/go-live) once its brand, sign-in options and something bookable are done; else 409
 * naming each missing step (an issue per step, its path the step's name). Open already → 409.
 */
export async function markLive(db: D1Database, orgId: number, actor: Actor): Promise<LaunchState> {
  const state = await launchState(db, orgId);
  if (state.steps.some((s) => s.step === 'live' && s.done)) throw conflict(CONSOLE_MSG.alreadyLive);
  const missing = GO_LIVE_NEEDS.filter((need) => !state.steps.find((s) => s.step === need)?.done);
  if (missing.length) {
    throw new ApiError(409, 'CONFLICT', `${CONSOLE_MSG.notReady} ${missing.map((m) => STEP_NAMES[m]).join(', ')}`, missing.map((m) => ({ path: m, message: STEP_NAMES[m] })));
  }
  if (!(await goLive(db, orgId, actor))) throw conflict(CONSOLE_MSG.alreadyLive);
  return launchState(db, orgId);
}

const STEP_NAMES: Record<(typeof GO_LIVE_NEEDS)[number], string> = { brand: 'brand', sign_in: 'sign-in options', products: 'products offered' };
