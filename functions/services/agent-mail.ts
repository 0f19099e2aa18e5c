// The agent area's emails: a quote for a client (a link to the read-only quote page) and a new agent's invitation
// to choose a password. They go out through functions/outside/mail.ts like every other mail.
import type { Mail } from '../outside/mail';
import { mailText } from '../../src/shared/i18n/mail';
import type { LabelVars } from '../../src/shared/i18n/translate';
import { formatDayRange, MEDIUM_DAY } from '../../src/shared/rules/format-day';
import { formatMoney } from '../../src/shared/rules/money';
import { escapeHtml } from '../../src/shared/rules/html-text';

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
      q.clientName ? t('hello', { name: q.clientName }) : t('hello_plain'),
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
