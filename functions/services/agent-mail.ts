// The agent area's emails: a quote for a client (a link to the read-only quote page) and a new agent's invitation
// to choose a password. They go out through functions/outside/mail.ts like every other mail.
import type { Mail } from '../outside/mail';
import type { VoucherRow } from '../db/agent-vouchers';
import { mailText } from '../../src/shared/i18n/mail';
import type { LabelVars } from '../../src/shared/i18n/translate';
import { formatDayRange, MEDIUM_DAY } from '../../src/shared/rules/format-day';
import { formatMoney } from '../../src/shared/rules/money';
import { escapeHtml } from '../../src/shared/rules/html-text';
import { titledName, titlesFrom } from '../../src/shared/i18n/person-title';
import { commonLabels } from '../../src/shared/i18n/common';

function compose(to: string, subject: string, paragraphs: string[], action: string, link: string): Mail {
  const text = `${paragraphs.join('\n\n')}\n\n${action}: ${link}\n`;
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}

export interface QuoteMailInput {
  language: string;
  orgName: string;
  to: string;
  clientName: string;
  agentName: string;
  agencyName: string;
  productName: string;
  city: string;
  /** Calendar days (YYYY-MM-DD); written in the mail's language. */
  checkIn: string;
  checkOut: string | null;
  guests: number;
  totalMinor: number;
  currency: string;
  note: string;
  link: string;
}

/** A quote for a client, in the language of the agent's request that sends it (docs/decisions/0034-translated-content.md). */
export function quoteMail(q: QuoteMailInput): Mail {
  const from = q.agencyName ? `${q.agentName} (${q.agencyName})` : q.agentName;
  const t = (key: string, vars?: LabelVars) => mailText(q.language, key, vars);
  return compose(
    q.to,
    t('quote_subject', { org: q.orgName, product: q.productName }),
    [
      q.clientName ? t('hello', { name: titledName(titlesFrom(commonLabels, q.language), q.clientName) }) : t('hello_plain'),
      t('quote_from', { from }),
      t('quote_stay', {
        product: q.productName,
        city: q.city,
        dates: formatDayRange(q.language, q.checkIn, q.checkOut, MEDIUM_DAY),
        n: q.guests,
        total: formatMoney(q.totalMinor, q.currency, q.language),
      }),
      ...(q.note ? [q.note] : []),
      t('quote_next'),
    ],
    t('quote_action'),
    q.link,
  );
}

/** What a voucher says: the row functions/db/agent-vouchers.ts reads (booking, product, client, agent), with the org's name. */
export type VoucherInput = Omit<VoucherRow, 'org_id' | 'language' | 'product_id' | 'product_type' | 'agent_language'> & { org_name: string };

/**
 * The voucher of an agent's booking, to the agent (with a link to the agency's bookings) or to the client (the agent's
 * name and address to reply to): the booking's reference, product and address, dates, room, traveller and total. Null
 * when the recipient has no address.
 */
export function voucherMail(v: VoucherInput, language: string): Mail | null {
  const to = v.recipient === 'agent' ? v.agent_email : v.client_email;
  if (!to) return null;
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const client = titledName(titlesFrom(commonLabels, language), v.client_name);
  const agentName = `${v.agent_first_name} ${v.agent_last_name}`.trim() || v.agent_email;
  const agent = v.agency_name ? `${agentName} (${v.agency_name})` : agentName;
  const room = v.room ? (JSON.parse(v.room) as { name?: string }).name : undefined;
  const intro =
    v.recipient === 'client'
      ? t('voucher_intro_client', { agent })
      : v.client_email
        ? t('voucher_intro_agent', { client, email: v.client_email })
        : t('voucher_intro_agent_no_email', { client });
  const facts = [
    t('voucher_ref', { ref: v.booking_ref }),
    t('voucher_product', { product: v.product_name, city: v.city }),
    ...(v.address ? [t('voucher_address', { address: v.address })] : []),
    `${t('voucher_dates', { dates: formatDayRange(language, v.check_in, v.check_out, MEDIUM_DAY) })}, ${t('voucher_guests', { n: v.guests })}`,
    ...(room ? [t('voucher_room', { room })] : []),
    t('voucher_traveller', { name: client }),
    t('voucher_total', { total: formatMoney(v.total_minor, v.currency, language) }),
    t(v.pay_method === 'card' ? 'voucher_paid_card' : 'voucher_paid_account'),
    t('voucher_booked_by', { agent, email: v.agent_email }),
  ];
  const subject = t('voucher_subject', { org: v.org_name, ref: v.booking_ref, product: v.product_name });
  const hello = v.recipient === 'client' ? (client ? t('hello', { name: client }) : t('hello_plain')) : t('hello', { name: agentName });
  const head = `${v.org_name} · ${t('voucher_title')}`;
  const paragraphs = [head, hello, intro, facts.join('\n')];
  // The agent's copy links to the agency's bookings; the client's has no account here to link to.
  if (v.recipient === 'agent' && v.site) return compose(to, subject, paragraphs, t('voucher_action'), `${v.site}/agent/booking-history`);
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join(''),
  };
}

export function agentInviteMail(orgName: string, to: string, firstName: string, link: string, validHours: number): Mail {
  return compose(
    to,
    `${orgName}: your agent account is ready`,
    [
      `Hello ${firstName || 'there'},`,
      `${orgName} has opened a travel agent account for you.`,
      `Choose your password to sign in. The link works once and expires in ${validHours} hours.`,
    ],
    'Choose my password',
    link,
  );
}
