// The agent area's emails: a quote for a client (a link to the read-only quote page) and a new agent's invitation
// to choose a password. They go out through functions/outside/mail.ts like every other mail.
import { brandedMail, fullAddress, type Mail, type MailBrand, type StayPlace } from '../outside/mail';
import type { MailBlock } from '../outside/mail-layout';
import type { VoucherRow } from '../db/agent-vouchers';
import { mailText } from '../../src/shared/i18n/mail';
import type { LabelVars } from '../../src/shared/i18n/translate';
import { formatDay, formatDayRange, LONG_DAY, MEDIUM_DAY } from '../../src/shared/rules/format-day';
import { formatMoney } from '../../src/shared/rules/money';
import { titledName, titlesFrom } from '../../src/shared/i18n/person-title';
import { commonLabels } from '../../src/shared/i18n/common';

/** Paragraphs and one link, in the org's brand (outside/mail-layout.ts, like every mail). */
function compose(brand: MailBrand, language: string, to: string, subject: string, paragraphs: string[], action: string, link: string): Mail {
  const blocks: MailBlock[] = [...paragraphs.map((text): MailBlock => ({ kind: 'text', text })), { kind: 'action', label: action, href: link }];
  return brandedMail(brand, to, language, subject, blocks);
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
    { name: q.orgName },
    q.language,
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
export type VoucherInput = Omit<VoucherRow, 'org_id' | 'language' | 'product_id' | 'product_type' | 'agent_language'> & { org_name: string; product_type?: string };

/**
 * The voucher of an agent's booking, to the agent (with a link to the agency's bookings) or to the client (the agent's
 * name and address to reply to), in the org's brand like the traveller's confirmation: the booking's reference, the
 * product and its full address, check-in and check-out times, room, traveller and total. Null when the recipient has no address.
 */
export function voucherMail(v: VoucherInput, language: string, brand: MailBrand = { name: v.org_name }, place?: StayPlace | null): Mail | null {
  const to = v.recipient === 'agent' ? v.agent_email : v.client_email;
  if (!to) return null;
  const t = (key: string, vars?: LabelVars) => mailText(language, key, vars);
  const client = titledName(titlesFrom(commonLabels, language), v.client_name);
  const agentName = `${v.agent_first_name} ${v.agent_last_name}`.trim() || v.agent_email;
  const agent = v.agency_name ? `${agentName} (${v.agency_name})` : agentName;
  // The row keeps the room's name in every language (or, written before rooms were translated, one string).
  const roomName = v.room ? (JSON.parse(v.room) as { name?: string | Record<string, string> }).name : undefined;
  const room = typeof roomName === 'string' ? roomName : roomName ? roomName[language] || roomName['en-US'] : undefined;
  const intro =
    v.recipient === 'client'
      ? t('voucher_intro_client', { agent })
      : v.client_email
        ? t('voucher_intro_agent', { client, email: v.client_email })
        : t('voucher_intro_agent_no_email', { client });
  const day = (d: string) => formatDay(language, d, LONG_DAY);
  const address = place ? fullAddress(place, v.city, language) : v.address ? `${v.address}, ${v.city}` : v.city;
  const times =
    place && v.check_out && v.product_type !== 'ACT'
      ? [
          { label: t('mail_label_check_in'), value: t('mail_check_in_from', { date: day(v.check_in), time: place.check_in_time }) },
          { label: t('mail_label_check_out'), value: t('mail_check_out_until', { date: day(v.check_out), time: place.check_out_time }) },
        ]
      : [{ label: t('mail_label_dates'), value: formatDayRange(language, v.check_in, v.check_out, MEDIUM_DAY) }];
  const facts = [
    { label: t('mail_label_reference'), value: v.booking_ref },
    { label: t(v.product_type === 'ACT' ? 'mail_label_activity' : 'mail_label_stay'), value: v.product_name },
    { label: t('mail_label_address'), value: address },
    ...times,
    ...(room ? [{ label: t('mail_label_room'), value: room }] : []),
    { label: t('mail_label_guests'), value: String(v.guests) },
    { label: t('mail_label_traveller'), value: client },
  ];
  const subject = t('voucher_subject', { org: v.org_name, ref: v.booking_ref, product: v.product_name });
  const hello = v.recipient === 'client' ? (client ? t('hello', { name: client }) : t('hello_plain')) : t('hello', { name: agentName });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: t('voucher_title') },
    { kind: 'text', text: hello },
    { kind: 'text', text: intro },
    { kind: 'facts', rows: facts },
    { kind: 'facts', receipt: true, rows: [{ label: t('mail_receipt_total'), value: formatMoney(v.total_minor, v.currency, language) }] },
    { kind: 'text', text: t(v.pay_method === 'card' ? 'voucher_paid_card' : 'voucher_paid_account') },
    { kind: 'text', text: t('voucher_booked_by', { agent, email: v.agent_email }), muted: true },
  ];
  // The agent's copy links to the agency's bookings; the client's has no account here to link to.
  if (v.recipient === 'agent' && v.site) blocks.push({ kind: 'action', label: t('voucher_action'), href: `${v.site}/agent/booking-history` });
  return brandedMail(brand, to, language, subject, blocks, { footer: t('mail_footer_booking') });
}

export function agentInviteMail(orgName: string, to: string, firstName: string, link: string, validHours: number): Mail {
  return compose(
    { name: orgName },
    'en-US',
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
