// The wallet a member books with (docs/contract.md#wallet): the org's certificates on offer, the member's cards with
// their totals in the asked currency, and redeeming a card by its code. Plain values in and out.
import type { OrgRow } from '../db/orgs';
import type { SessionUser } from '../auth/session-user';
import { conflict, notFound } from '../errors';
import { cardsInLanguage } from '../db/content';
import { cardByCode, cardEntry, cardsOfUser, claimCard, issuedCertificate, issueOrgCertificate, newCardCode, orgCertificates, walletCardOf, type CardEntry, type CardRow } from '../db/cards';
import { currencyFor } from './stay';
import { fromMinor, type Rates } from '../../src/shared/rules/money';
import { cardValueMinor, type CardKind } from '../../src/shared/rules/wallet';
import type { WalletEntry } from '../../src/shared/contract/booking';

/** What the wallet needs of the request (functions/http/deps.ts builds it). */
export interface WalletDeps {
  db: D1Database;
  org: OrgRow;
  language: (accountLanguage?: string | null) => string;
}

function walletSummary(rows: CardRow[], currency: string, rates: Rates) {
  const active = rows.filter((r) => r.status === 'ACTIVE');
  let total = 0;
  for (const r of active) {
    try {
      total += cardValueMinor(walletCardOf(r), currency, rates);
    } catch {
      /* a card in a currency without a rate is left out of the total */
    }
  }
  return { count: rows.length, active_count: active.length, total_value: fromMinor(total, currency), currency };
}

function ratesFor(rows: CardRow[], currency: string, rates: Rates): Record<string, number> {
  const out: Record<string, number> = { USD: 1 };
  for (const code of [currency, ...rows.map((r) => r.payment_card_currency)]) if (rates[code] !== undefined) out[code] = rates[code]!;
  return out;
}

/** The org's certificates on offer, named in the reader's language. */
export async function offeredCertificates(d: WalletDeps): Promise<CardEntry[]> {
  const rows = await cardsInLanguage(d.db, await orgCertificates(d.db, d.org.id), d.language(), d.org.default_language);
  return rows.map(cardEntry);
}

/**
 * The member's wallet: their cards by kind with each kind's totals, the org's certificates and the rates used. Without
 * a currency asked, the member's own (when it has a rate), else the org's default.
 */
export async function walletOf(d: WalletDeps, user: SessionUser, asked: string | undefined): Promise<WalletEntry[]> {
  const { org } = d;
  const { currency, rates } = await currencyFor(d.db, org, asked).then(async (fallback) => {
    if (asked || !user.currency) return fallback;
    return currencyFor(d.db, org, user.currency).catch(() => fallback);
  });
  const language = d.language();
  const [mine, orgCards] = await Promise.all([
    cardsOfUser(d.db, org.id, user.id).then((rows) => cardsInLanguage(d.db, rows, language, org.default_language)),
    orgCertificates(d.db, org.id).then((rows) => cardsInLanguage(d.db, rows, language, org.default_language)),
  ]);
  const of = (kind: CardKind) => mine.filter((r) => r.kind === kind);
  return [
    {
      certidata: of('certificate').map(cardEntry),
      discountcarddata: of('discount').map(cardEntry),
      cashcarddata: of('cash').map(cardEntry),
      certificate_details: walletSummary(of('certificate'), currency, rates),
      discountcard_details: walletSummary(of('discount'), currency, rates),
      cashcard_details: walletSummary(of('cash'), currency, rates),
      orgcertidata: orgCards.map(cardEntry),
      exchange_rates: ratesFor([...mine, ...orgCards], currency, rates),
      walletOptions: [{ org_site_wallet: org.wallet_options }],
    },
  ];
}

/** Puts the card with this code into the member's wallet; 409 when it is theirs already or spent, 404 when no card has it. */
export async function redeemCard(d: WalletDeps, user: SessionUser, code: string): Promise<CardEntry> {
  const { org } = d;
  const claimed = await claimCard(d.db, org.id, user.id, code);
  if (claimed) return cardEntry((await cardsInLanguage(d.db, [claimed], d.language(), org.default_language))[0] ?? claimed);
  const card = await cardByCode(d.db, org.id, code);
  if (card && card.user_id === user.id) throw conflict('This card is already in your wallet');
  if (card && card.user_id === null && card.listed === 0 && card.status !== 'ACTIVE') throw conflict('This card can no longer be used');
  throw notFound('No card with this code');
}

/**
 * The certificate modal's "Use this certificate" (docs/contract.md#after-booking): the org's certificate on offer issued
 * to the member for this booking (its issue key), once per key however often or concurrently asked. `issued` is false
 * when the key's copy existed already (the same card is answered); 404 when the org offers no such certificate.
 */
export async function issueDefaultCertificate(d: WalletDeps, user: SessionUser, orgCardId: number, issueKey: string): Promise<{ card: CardEntry; issued: boolean }> {
  const { org } = d;
  const made = await issueOrgCertificate(d.db, org.id, user.id, orgCardId, issueKey, newCardCode('certificate'));
  const row = made ?? (await issuedCertificate(d.db, org.id, user.id, orgCardId, issueKey));
  if (!row) throw notFound('No such certificate on offer');
  return { card: cardEntry((await cardsInLanguage(d.db, [row], d.language(), org.default_language))[0] ?? row), issued: made !== null };
}
