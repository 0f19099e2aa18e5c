// The one layout every mail goes through (decision 0064): the org's brand on top (logo, name, colours), then blocks of
// text, facts and receipt lines and one action button, as HTML written for narrow mail clients (tables, inline styles,
// 600 px at most and fluid below it, nothing that scrolls sideways at 390 px) and the same content as plain text.
import { escapeHtml } from '../../src/shared/rules/html-text';
import { DEFAULT_THEME } from '../../src/shared/rules/theme';

/** The org as its mails show it: its name, its logo when it has one, and its colours (the theme's, else the defaults). */
export interface MailBrand {
  name: string;
  logo_url?: string | null;
  /** The header's background and the button's (the theme's primary), and the text drawn on it. */
  primary?: string;
  primary_text?: string;
  /** The body text's colour. */
  text?: string;
}

export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; muted?: boolean }
  /** Label → value lines: the booking's facts, or a receipt (its last line in bold when `total`). */
  | { kind: 'facts'; rows: { label: string; value: string }[]; receipt?: boolean }
  | { kind: 'action'; label: string; href: string };

export interface MailContent {
  /** The language the mail is written in (the html's lang). */
  language: string;
  subject: string;
  /** The line a mail client shows beside the subject. */
  preheader?: string;
  blocks: MailBlock[];
  /** The small print under the content (why this mail came); the org's name is always there. */
  footer?: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
const safeUrl = (url: string | null | undefined) => (url && /^https?:\/\//.test(url) ? url : '');

function blockHtml(b: MailBlock, c: { primary: string; primaryText: string; text: string }): string {
  switch (b.kind) {
    case 'heading':
      return `<h2 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${c.text};">${escapeHtml(b.text)}</h2>`;
    case 'text':
      return `<p style="margin:0 0 16px;${b.muted ? 'font-size:14px;color:#5b6472;' : ''}">${escapeHtml(b.text).replaceAll('\n', '<br>')}</p>`;
    case 'facts': {
      const rows = b.rows
        .map((r, i) => {
          const last = b.receipt && i === b.rows.length - 1;
          const cell = `padding:8px 0;border-top:1px solid #e3e7ee;vertical-align:top;${last ? 'font-weight:700;' : ''}`;
          return (
            `<tr><td style="${cell}width:42%;padding-right:12px;color:#5b6472;font-size:14px;">${escapeHtml(r.label)}</td>` +
            `<td style="${cell}${b.receipt ? 'text-align:right;white-space:nowrap;' : 'word-break:break-word;overflow-wrap:anywhere;'}">${escapeHtml(r.value).replaceAll('\n', '<br>')}</td></tr>`
          );
        })
        .join('');
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px;font-size:15px;line-height:1.45;">${rows}</table>`;
    }
    case 'action':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 16px;"><tr>` +
        `<td bgcolor="${c.primary}" style="border-radius:6px;background:${c.primary};">` +
        `<a href="${escapeHtml(b.href)}" style="display:inline-block;padding:12px 22px;font-weight:700;font-size:16px;color:${c.primaryText};text-decoration:none;border-radius:6px;">${escapeHtml(b.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#5b6472;word-break:break-all;">${escapeHtml(b.href)}</p>`
      );
  }
}

/** French sets a (no-break) space before a colon. */
const colonIn = (language: string) => (language.startsWith('fr') ? '\u00a0: ' : ': ');

function blockText(b: MailBlock, colon: string): string {
  switch (b.kind) {
    case 'heading':
      return b.text;
    case 'text':
      return b.text;
    case 'facts':
      return b.rows.map((r) => `${r.label}${colon}${r.value.replaceAll('\n', ', ')}`).join('\n');
    case 'action':
      return `${b.label}${colon}${b.href}`;
  }
}

/** The mail's HTML and text parts in the org's brand. */
export function brandedParts(brand: MailBrand, given: MailContent): { html: string; text: string } {
  const content = { ...given, language: given.language || 'en-US' };
  const c = { primary: colour(brand.primary, DEFAULT_THEME.primary), primaryText: colour(brand.primary_text, DEFAULT_THEME.primary_text), text: colour(brand.text, DEFAULT_THEME.text) };
  const logo = safeUrl(brand.logo_url);
  const name = escapeHtml(brand.name);
  const header =
    `<h1 style="margin:0;font-size:20px;line-height:1.3;font-weight:700;color:${c.primaryText};">` +
    (logo ? `<img src="${escapeHtml(logo)}" alt="" height="32" style="height:32px;width:auto;max-width:160px;vertical-align:middle;border:0;margin-right:10px;">` : '') +
    `<span style="vertical-align:middle;">${name}</span></h1>`;
  const footer = [content.footer, brand.name].filter(Boolean).map((line) => escapeHtml(line!)).join('<br>');
  const html =
    `<!doctype html><html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">` +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f2f4f7;-webkit-text-size-adjust:100%;">` +
    (content.preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>` : '') +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f2f4f7;"><tr><td align="center" style="padding:16px 8px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;border-collapse:separate;background:#ffffff;border-radius:8px;overflow:hidden;font-family:${FONT};">` +
    `<tr><td bgcolor="${c.primary}" style="background:${c.primary};padding:18px 20px;">${header}</td></tr>` +
    `<tr><td style="padding:24px 20px 8px;font-size:16px;line-height:1.5;color:${c.text};">${content.blocks.map((b) => blockHtml(b, c)).join('')}</td></tr>` +
    `<tr><td style="padding:12px 20px 20px;font-size:12px;line-height:1.5;color:#5b6472;border-top:1px solid #e3e7ee;">${footer}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = `${brand.name}\n\n${content.blocks.map((b) => blockText(b, colonIn(content.language))).join('\n\n')}\n\n${[content.footer, brand.name].filter(Boolean).join('\n')}\n`;
  return { html, text };
}
