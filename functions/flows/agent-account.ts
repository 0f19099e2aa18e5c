// The agent's own account (docs/contract.md#agents): the profile with its agency, markup and credit, the bookings made
// on account or by a client's card, and cancelling a card booking by the traveller's own rule (decision 0019).
import type { Log } from '../log';
import type { OrgRow } from '../db/orgs';
import { conflict, forbidden, notFound } from '../errors';
import type { Owner } from '../db/clients';
import { agentBookingOf, agentCounts, agentProfile, bookingsOfAgent, creditOf, type AgentBookingRow } from '../db/agents';
import { bookingByRef } from '../db/bookings';
import { withProductTexts } from '../db/content';
import type { Payments } from '../outside/payments';
import type { Mailer } from '../outside/mail';
import { cancelAndRefund } from './bookings';
import { supplierOf } from './booking-replies';
import type { SupplierEnv } from './suppliers';
import { fromMinor } from '../../src/shared/rules/money';
import { DEFAULT_MARKUP_BPS, percentOfBps } from '../../src/shared/rules/quote-price';
import { AGENT_MSG, type AgentBooking, type AgentProfile, type CreditSummary } from '../../src/shared/contract/agent';

/** What a reply naming products needs. */
export type Readers = Pick<AgentDeps, 'db' | 'org' | 'language'>;

/** What the agent's flows need of the request (functions/http/deps.ts builds it). */
export interface AgentDeps {
  db: D1Database;
  env: { RATE_SIGNING_KEY?: string; PASSWORD_PEPPER?: string } & SupplierEnv;
  org: OrgRow;
  clock: () => number;
  log: Log;
  /** The language of the reply and of a mail it sends: the request's, else the org's. */
  language: () => string;
  /** The org's mail senders and the failure log line. */
  mail: Mailer;
  /** The payment provider, made when a flow first calls it. */
  payments: () => Payments;
  /** The site's own origin for links (the org's configured address, never the request's Host). */
  origin: () => Promise<string>;
}

/**
 * `rows` with each product named, and its city, in the reply's language where translated, else the org's default
 * language (quotes and bookings keep the product's id).
 */
export const inLanguage = <R extends { product_id: number; product_name: string; city: string }>(d: Readers, rows: R[]): Promise<R[]> =>
  withProductTexts(d.db, rows, d.language(), d.org.default_language);

export function creditBody(credit: { limitMinor: number; outstandingMinor: number }): CreditSummary {
  return {
    currency: 'USD',
    credit_limit: fromMinor(credit.limitMinor, 'USD'),
    outstanding: fromMinor(credit.outstandingMinor, 'USD'),
    available: fromMinor(Math.max(0, credit.limitMinor - credit.outstandingMinor), 'USD'),
  };
}

function bookingBody(b: AgentBookingRow): AgentBooking {
  return {
    booking_id: b.booking_ref,
    quote_id: b.quote_id,
    status: b.status,
    pay_by: b.pay_method,
    paid_amount: fromMinor(b.paid_minor, b.currency),
    refunded_amount: fromMinor(b.refunded_minor, b.currency),
    ...(b.payment_url ? { payment_url: b.payment_url } : {}),
    client: { client_id: b.client_id, name: b.client_name, email: b.client_email },
    product: { product_id: b.product_id, type: b.product_type, name: b.product_name, city: b.city, image: b.image },
    check_in: b.check_in,
    check_out: b.check_out,
    guests: b.guests,
    currency: b.currency,
    total: fromMinor(b.total_minor, b.currency),
    charged_usd: b.pay_method === 'card' ? 0 : fromMinor(b.net_usd_minor, 'USD'),
    created_at: b.created_at,
    ...supplierOf(b),
  };
}

/** The agent, the agency, the default markup, the credit and how many clients, quotes and bookings there are. */
export async function agentProfileOf(d: Readers, owner: Owner): Promise<AgentProfile> {
  const [row, credit, counts] = await Promise.all([agentProfile(d.db, owner), creditOf(d.db, owner), agentCounts(d.db, owner)]);
  if (!row) throw forbidden('The agent portal is for agent accounts only');
  return {
    agent: {
      user_id: row.user_id,
      email: row.email,
      title: row.title,
      first_name: row.first_name,
      last_name: row.last_name,
      phone_country_code: row.phone_country_code,
      mobile_no: row.mobile_no,
    },
    agency: row.agency_name
      ? {
          name: row.agency_name,
          license_no: row.agency_license_no ?? '',
          address: row.agency_address ?? '',
          phone: row.agency_phone ?? '',
          email: row.agency_email ?? '',
        }
      : null,
    markup_percent: percentOfBps(row.default_markup_bps ?? DEFAULT_MARKUP_BPS),
    credit: creditBody(credit),
    b2b_mode: d.org.b2b_mode === 1 ? 1 : 0,
    counts,
  };
}

/** The agent's bookings, newest first, and the credit. */
export async function agentBookings(d: Readers, owner: Owner) {
  const [rows, credit] = await Promise.all([bookingsOfAgent(d.db, owner), creditOf(d.db, owner)]);
  return { count: rows.length, data: (await inLanguage(d, rows)).map(bookingBody), credit: creditBody(credit) };
}

/**
 * Cancels a booking the client paid by card, as the traveller's own cancel does (its policy, the refund through the
 * provider, the mails owed); a booking on account is not cancelled here (409). A provider that fails leaves it unchanged (502).
 */
export async function cancelCardBooking(
  d: Pick<AgentDeps, 'db' | 'org' | 'language' | 'clock' | 'log' | 'mail' | 'payments' | 'env'>,
  owner: Owner,
  ref: string,
): Promise<AgentBooking> {
  const own = await agentBookingOf(d.db, owner, ref);
  if (!own) throw notFound('No such booking');
  if (own.pay_method !== 'card') throw conflict(AGENT_MSG.onAccountCancel);
  const booking = await bookingByRef(d.db, ref);
  if (!booking) throw notFound('No such booking');
  await cancelAndRefund(d, booking, d.clock());
  return bookingBody((await inLanguage(d, [(await agentBookingOf(d.db, owner, ref))!]))[0]!);
}
