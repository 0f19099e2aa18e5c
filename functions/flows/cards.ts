// Wallet cards from the console: one card to a member, a CSV file of them (all or nothing, idempotent with a key),
// voiding, a card's spends. Plain values in and out.
import { badRequest, conflict, notFound, type Issue } from '../errors';
import type { Actor } from '../db/console';
import {
  adminCardEntry, importByKey, importCards, issueCard, listOrgCards, memberEmails, offeredCurrencies, orgCard, spendsOfCard, voidCard, type CardToIssue,
} from '../db/card-admin';
import { newCardCode } from '../db/cards';
import { sha256Hex } from '../lib/crypto';
import { fromMinor, toMinor } from '../../src/shared/rules/money';
import { CsvSyntaxError, parseCsv } from '../../src/shared/rules/csv';
import {
  CardCsvRowSchema, CSV_HEADER, CSV_REQUIRED_COLUMNS, MAX_IMPORT_ROWS, OPS_MSG, type AdminCardEntry, type CardIssue, type CardSpendEntry,
} from '../../src/shared/contract/console-ops';
import { PER_PAGE } from '../../src/shared/contract/console';
import { defaultCardName } from '../../src/shared/i18n/card-names';

/** A validated card as stored: a certificate's amount is its redemption price, the others' their balance. */
function toIssue(c: CardIssue): CardToIssue {
  const services = c.kind === 'certificate' ? (c.services ?? []).join(',') : '';
  const proCode = c.kind === 'discount' ? (c.pro_code ?? '') : '';
  const minor = toMinor(c.amount, c.currency);
  return {
    email: c.email,
    kind: c.kind,
    code: newCardCode(c.kind),
    name: defaultCardName(c.kind, services),
    services,
    pro_code: proCode,
    amount_minor: c.kind === 'certificate' ? 0 : minor,
    redemption_minor: c.kind === 'certificate' ? minor : 0,
    product_code: c.kind === 'certificate' ? services.split(',')[0]! : proCode,
    currency: c.currency,
    expires_at: c.expires_at ?? null,
  };
}

export async function issueOne(db: D1Database, orgId: number, actor: Actor, input: CardIssue) {
  if (!(await offeredCurrencies(db)).has(input.currency)) {
    throw badRequest(`Invalid currency: ${OPS_MSG.unknownCurrency}`, [{ path: 'currency', message: OPS_MSG.unknownCurrency }]);
  }
  const card = toIssue(input);
  const issued = await issueCard(db, orgId, actor, card);
  if (!issued) throw badRequest(`Invalid email: ${OPS_MSG.noSuchMember}`, [{ path: 'email', message: OPS_MSG.noSuchMember }]);
  return { payment_card_id: issued.id, card_code: issued.card_code };
}

/** Every row checked; any problem → 400 listing each bad row by its line number and reason, nothing issued. */
async function cardsOfCsv(db: D1Database, orgId: number, text: string): Promise<CardToIssue[]> {
  let records;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw badRequest(`Row ${err.line}: ${err.message}`, [{ path: `row ${err.line}`, message: err.message }]);
    throw err;
  }
  const header = records[0]?.fields.map((f) => f.trim().toLowerCase());
  const columns = CSV_HEADER.slice(0, header?.length ?? 0);
  if (!header || header.length < CSV_REQUIRED_COLUMNS || header.join(',') !== columns.join(',')) {
    throw badRequest(OPS_MSG.csvHeader, [{ path: 'row 1', message: OPS_MSG.csvHeader }]);
  }
  const rows = records.slice(1);
  if (rows.length === 0) throw badRequest(OPS_MSG.csvEmpty, [{ path: 'row 2', message: OPS_MSG.csvEmpty }]);
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(OPS_MSG.csvTooMany, [{ path: `row ${rows[MAX_IMPORT_ROWS]!.line}`, message: OPS_MSG.csvTooMany }]);

  const issues: Issue[] = [];
  const parsed: { line: number; card: CardIssue }[] = [];
  for (const { line, fields } of rows) {
    if (fields.length !== columns.length) {
      issues.push({ path: `row ${line}`, message: OPS_MSG.csvColumns });
      continue;
    }
    const r = CardCsvRowSchema.safeParse(Object.fromEntries(columns.map((name, i) => [name, fields[i]])));
    if (r.success) parsed.push({ line, card: r.data });
    else for (const i of r.error.issues) issues.push({ path: [`row ${line}`, ...i.path].join('.'), message: i.message });
  }
  const [members, currencies] = await Promise.all([memberEmails(db, orgId, parsed.map((p) => p.card.email)), offeredCurrencies(db)]);
  for (const { line, card } of parsed) {
    if (!members.has(card.email)) issues.push({ path: `row ${line}.email`, message: OPS_MSG.noSuchMember });
    if (!currencies.has(card.currency)) issues.push({ path: `row ${line}.currency`, message: OPS_MSG.unknownCurrency });
  }
  if (issues.length) {
    const bad = new Set(issues.map((i) => i.path.split('.')[0])).size;
    throw badRequest(`${bad} ${bad === 1 ? 'row' : 'rows'} cannot be imported, so no card was issued: ${issues[0]!.path}, ${issues[0]!.message}`, issues);
  }
  return parsed.map((p) => toIssue(p.card));
}

export async function importCsv(db: D1Database, orgId: number, actor: Actor, text: string, key: string | undefined): Promise<{ issued: number; replayed: boolean }> {
  const requestHash = await sha256Hex(text);
  const replay = async () => {
    const previous = key ? await importByKey(db, orgId, key) : null;
    if (!previous) return null;
    if (previous.request_hash !== requestHash) throw conflict(OPS_MSG.keyReused);
    return { issued: previous.issued, replayed: true };
  };
  const early = await replay();
  if (early) return early;
  const cards = await cardsOfCsv(db, orgId, text);
  const nonce = crypto.randomUUID();
  const issued = await importCards(db, orgId, actor, { key: key ?? `none:${nonce}`, requestHash, nonce }, cards);
  if (issued !== null) return { issued, replayed: false };
  // Another request with this key won the race: answer as its replay.
  return (await replay())!;
}

export async function cards(db: D1Database, orgId: number, q: string, page: number) {
  const { count, rows } = await listOrgCards(db, orgId, q, PER_PAGE, (page - 1) * PER_PAGE);
  return { count, page, per_page: PER_PAGE, data: rows.map((r): AdminCardEntry => adminCardEntry(r, fromMinor)) };
}

export async function voidOne(db: D1Database, orgId: number, actor: Actor, cardId: number): Promise<AdminCardEntry> {
  const voided = await voidCard(db, orgId, actor, cardId);
  const row = await orgCard(db, orgId, cardId);
  if (!row) throw notFound(OPS_MSG.noSuchCard);
  if (!voided) throw conflict(OPS_MSG.notActive);
  return adminCardEntry(row, fromMinor);
}

export async function spends(db: D1Database, orgId: number, cardId: number) {
  const row = await orgCard(db, orgId, cardId);
  if (!row) throw notFound(OPS_MSG.noSuchCard);
  const data: CardSpendEntry[] = (await spendsOfCard(db, orgId, cardId)).map((s) => ({
    booking_id: s.booking_ref,
    product_name: s.product_name,
    amount: fromMinor(s.amount_minor, s.currency),
    currency: s.currency,
    card_amount: fromMinor(s.card_currency_minor, s.card_currency),
    card_currency: s.card_currency,
    at: s.created_at,
  }));
  return { card: adminCardEntry(row, fromMinor), spends: data };
}
