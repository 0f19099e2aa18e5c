// The org as every one of its mails shows it (decision 0064): its name, its logo and its theme's colours, read once per
// mail from D1. The booking mails' guard (booking-mails.ts) and the review invitations (reviews.ts) both take it here.
import { orgBrand } from '../db/orgs';
import { themeOfOrg } from '../db/mail-facts';
import type { MailBrand } from '../outside/mail';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The org as its mails show it (the same brand on every mail): its name, its logo (an address on the org's own site
 * made absolute with the booking's origin) and its theme's colours, the published values else the stylesheet's.
 */
export async function mailBrandOf(db: D1Database, orgId: number, site: string): Promise<MailBrand> {
  const [org, theme] = await Promise.all([orgBrand(db, orgId), themeOfOrg(db, orgId)]);
  const logo = org.logo_url && org.logo_url.startsWith('/') && !org.logo_url.startsWith('//') && site ? `${site}${org.logo_url}` : org.logo_url;
  const brand: MailBrand = { name: org.name, logo_url: logo };
  if (!theme) return brand;
  let values: Record<string, unknown> = {};
  try {
    values = theme.source ? (JSON.parse(theme.source) as Record<string, unknown>) : {};
  } catch {
    values = {};
  }
  const css = (name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})\\s*[;}]`, 'i').exec(theme.css)?.[1];
  const pick = (key: string, cssName: string) => {
    const v = typeof values[key] === 'string' ? (values[key] as string) : css(cssName);
    return v && HEX.test(v) ? v : undefined;
  };
  return { ...brand, primary: pick('primary', '--brand'), primary_text: pick('primary_text', '--brand-ink'), text: pick('text', '--text') };
}
