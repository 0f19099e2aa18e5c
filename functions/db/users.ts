// Members and agents of an org (table users, migration 0003): lookups and the writes of the account flows.
import type { Role } from '../../src/shared/contract/auth';
import { changedOne } from './statements';
import { DEFAULT_NATIONALITY_ID } from '../../src/shared/rules/person';
export interface UserRow {
  id: number;
  org_id: number;
  email: string;
  password_hash: string | null;
  provider: 'email' | 'google' | 'facebook' | 'sso';
  provider_subject: string | null;
  role: Role;
  title: string;
  first_name: string;
  last_name: string;
  nationality_id: number | null;
  country_code: string;
  phone_country_code: string;
  mobile_no: string;
  language: string;
  currency: string;
  verified_at: string | null;
  plan_status: 'ACTIVE' | 'ACTIVE-REFRESH' | 'NOPLAN';
  is_promotion: number;
  display_price: number;
  credit_limit_minor: number;
  can_user_book: number;
  referral_code: string;
  referred_by_code: string | null;
  referral_org: string | null;
  access_code: string;
  age_band: string | null;
  travel_preferences: string;
  travel_profile: string;
  verify_mail_sent_at: number | null;
  terms_version: string | null;
  terms_accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type Provider = UserRow['provider'];

export function userByEmail(db: D1Database, orgId: number, email: string) {
  return db.prepare('SELECT * FROM users WHERE org_id = ? AND email = ?').bind(orgId, email).first<UserRow>();
}

export function userById(db: D1Database, orgId: number, id: number) {
  return db.prepare('SELECT * FROM users WHERE org_id = ? AND id = ?').bind(orgId, id).first<UserRow>();
}

export function userByProvider(db: D1Database, orgId: number, provider: Provider, subject: string) {
  return db
    .prepare('SELECT * FROM users WHERE org_id = ? AND provider = ? AND provider_subject = ?')
    .bind(orgId, provider, subject)
    .first<UserRow>();
}

export function userByReferralCode(db: D1Database, orgId: number, code: string) {
  return db.prepare('SELECT * FROM users WHERE org_id = ? AND referral_code = ? COLLATE NOCASE').bind(orgId, code).first<UserRow>();
}

/** The id of the org's account with this email in any letter case (the development wallet's lookup). */
export function userIdByEmailAnyCase(db: D1Database, orgId: number, email: string) {
  return db.prepare('SELECT id FROM users WHERE org_id = ? AND email = ? COLLATE NOCASE').bind(orgId, email).first<{ id: number }>();
}

export async function emailTaken(db: D1Database, orgId: number, email: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS x FROM users WHERE org_id = ? AND email = ?').bind(orgId, email).first()) !== null;
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 10 characters of an unambiguous alphabet (about 50 bits): collisions are retried by the insert. */
export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

export interface NewUser {
  orgId: number;
  email: string;
  passwordHash: string | null;
  provider: Provider;
  providerSubject: string | null;
  title: string;
  firstName: string;
  lastName: string;
  nationalityId: number | null;
  countryCode: string;
  phoneCountryCode: string;
  mobileNo: string;
  language: string;
  currency: string;
  verified: boolean;
  referralCode: string;
  referredByCode: string | null;
  referralOrg: string | null;
  accessCode: string;
  /** Set when a confirmation mail goes out with the creation (the 10-minute resend rule counts from it). */
  verifyMailSentAt: number | null;
  /** The version of the terms accepted with this sign-up (stored with the time of creation), if any. */
  termsVersion?: string | null;
}

/**
 * INSERT … ON CONFLICT DO NOTHING: of two concurrent sign-ups of one email exactly one inserts (the unique index
 * decides). With `accessCodeId` the row is only written while that code is still valid and unused up. Every way an
 * account is made (email or social sign-up, social or SSO sign-in, an invitation) comes here, so one whose sign-up
 * named no nationality gets the spec's default (DEFAULT_NATIONALITY_ID).
 */
export function insertUserStatement(db: D1Database, u: NewUser, accessCodeId: number | null, now: number) {
  const columns = `org_id, email, password_hash, provider, provider_subject, title, first_name, last_name, nationality_id, country_code,
    phone_country_code, mobile_no, language, currency, verified_at, referral_code, referred_by_code, referral_org, access_code, verify_mail_sent_at,
    terms_version, terms_accepted_at`;
  const values = [
    u.orgId, u.email, u.passwordHash, u.provider, u.providerSubject, u.title, u.firstName, u.lastName, u.nationalityId ?? DEFAULT_NATIONALITY_ID, u.countryCode,
    u.phoneCountryCode, u.mobileNo, u.language, u.currency, u.verified ? new Date(now).toISOString() : null, u.referralCode,
    u.referredByCode, u.referralOrg, u.accessCode, u.verifyMailSentAt,
    u.termsVersion ?? null, u.termsVersion ? new Date(now).toISOString() : null,
  ];
  const placeholders = values.map(() => '?').join(', ');
  if (accessCodeId === null) {
    return db.prepare(`INSERT INTO users (${columns}) VALUES (${placeholders}) ON CONFLICT DO NOTHING`).bind(...values);
  }
  return db
    .prepare(
      `INSERT INTO users (${columns}) SELECT ${placeholders}
       WHERE EXISTS (SELECT 1 FROM access_codes WHERE id = ? AND org_id = ? AND (expires_at IS NULL OR expires_at > ?)
                     AND (max_uses IS NULL OR uses < max_uses))
       ON CONFLICT DO NOTHING`,
    )
    .bind(...values, accessCodeId, u.orgId, now);
}

export function markVerified(db: D1Database, userId: number, now: number) {
  return db
    .prepare('UPDATE users SET verified_at = ?, updated_at = ? WHERE id = ? AND verified_at IS NULL')
    .bind(new Date(now).toISOString(), new Date(now).toISOString(), userId);
}

export function setPasswordHash(db: D1Database, userId: number, hash: string) {
  return db.prepare("UPDATE users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(hash, userId);
}

/** Drops the account's password (an identity provider proved the address to someone else first). */
export function clearPasswordHash(db: D1Database, userId: number) {
  return db.prepare('UPDATE users SET password_hash = NULL WHERE id = ?').bind(userId);
}

/** Links a provider identity to an account that has none yet (checked: false when another got there first). */
export async function linkProvider(db: D1Database, userId: number, provider: Provider, subject: string): Promise<boolean> {
  return changedOne(
    db
      .prepare(
        `UPDATE users SET provider = ?, provider_subject = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ? AND provider_subject IS NULL`,
      )
      .bind(provider, subject, userId),
  );
}

/** Claims the right to send a fresh confirmation mail: at most one per `intervalMs` per account, whatever the concurrency. */
export async function claimVerifyMail(db: D1Database, userId: number, now: number, intervalMs: number): Promise<boolean> {
  return changedOne(
    db
      .prepare('UPDATE users SET verify_mail_sent_at = ? WHERE id = ? AND (verify_mail_sent_at IS NULL OR verify_mail_sent_at <= ?)')
      .bind(now, userId, now - intervalMs),
  );
}

/** Gives back a claim whose mail did not go out, so the next sign-in may try again at once. */
export async function releaseVerifyMail(db: D1Database, userId: number, claimedAt: number): Promise<void> {
  await db.prepare('UPDATE users SET verify_mail_sent_at = NULL WHERE id = ? AND verify_mail_sent_at = ?').bind(userId, claimedAt).run();
}

export interface ProfileChanges {
  title?: string;
  first_name?: string;
  last_name?: string;
  nationality_id?: number | null;
  country_code?: string;
  phone_country_code?: string;
  mobile_no?: string;
  language?: string;
  currency?: string;
  age_band?: string | null;
  travel_preferences?: string;
}

const PROFILE_COLUMNS = new Set<keyof ProfileChanges>([
  'title', 'first_name', 'last_name', 'nationality_id', 'country_code', 'phone_country_code', 'mobile_no', 'language',
  'currency', 'age_band', 'travel_preferences',
]);

export async function updateProfile(db: D1Database, orgId: number, userId: number, changes: ProfileChanges): Promise<boolean> {
  const entries = Object.entries(changes).filter(([k, v]) => PROFILE_COLUMNS.has(k as keyof ProfileChanges) && v !== undefined);
  if (!entries.length) return true;
  return changedOne(
    db
      .prepare(
        `UPDATE users SET ${entries.map(([k]) => `${k} = ?`).join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ? AND org_id = ?`,
      )
      .bind(...entries.map(([, v]) => v), userId, orgId),
  );
}

export function referrerOf(db: D1Database, orgId: number, code: string) {
  return db
    .prepare('SELECT first_name, last_name FROM users WHERE org_id = ? AND referral_code = ? COLLATE NOCASE')
    .bind(orgId, code)
    .first<{ first_name: string; last_name: string }>();
}
