// The agent area's emails: a quote for a client (a link to the read-only quote page) and a new agent's invitation
// to choose a password. They go out through functions/outside/mail.ts like every other mail.
import type { Mail } from '../outside/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function compose(to: string, subject: string, paragraphs: string[], action: string, link: string): Mail {
  const text = `${paragraphs.join('\n\n')}\n\n${action}: ${link}\n`;
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}

export interface QuoteMailInput {
  orgName: string;
  to: string;
  clientName: string;
  agentName: string;
  agencyName: string;
  productName: string;
  city: string;
  dates: string;
  guests: number;
  total: string;
  note: string;
  link: string;
}

export function quoteMail(q: QuoteMailInput): Mail {
  const from = q.agencyName ? `${q.agentName} (${q.agencyName})` : q.agentName;
  return compose(
    q.to,
    `${q.orgName}: your travel quote for ${q.productName}`,
    [
      `Hello ${q.clientName},`,
      `${from} has prepared a quote for you:`,
      `${q.productName}, ${q.city}\n${q.dates}, ${q.guests} ${q.guests === 1 ? 'guest' : 'guests'}\nTotal: ${q.total}`,
      ...(q.note ? [q.note] : []),
      'Open the link to see the details. Reply to your agent to book.',
    ],
    'View your quote',
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
