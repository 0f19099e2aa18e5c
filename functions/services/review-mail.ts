// The review invitation (docs/contract.md#after-booking): in the traveller's language and the org's name and logo, with the
// signed link to the review page. It goes out through functions/outside/mail.ts like every other mail.
import { brandedMail, type Mail, type MailBrand } from '../outside/mail';
import { mailText } from '../../src/shared/i18n/mail';
import { formatDayRange, LONG_DAY } from '../../src/shared/rules/format-day';

export interface ReviewInvitation {
  to: string;
  firstName: string;
  /** The org's name, logo and colours, as every mail of the org shows them (decision 0064). */
  brand: MailBrand;
  product: string;
  city: string;
  checkIn: string;
  checkOut: string | null;
  link: string;
  language: string;
}

/** The invitation in the org's one mail layout: a greeting, the stay, why to review, and the button to the signed link. */
export function reviewInvitationMail(r: ReviewInvitation): Mail {
  const t = (key: string, vars?: Record<string, string>) => mailText(r.language, key, vars);
  const hello = r.firstName ? t('hello', { name: r.firstName }) : t('hello_anonymous');
  const thanks = t('review_thanks', { product: r.product, city: r.city, dates: formatDayRange(r.language, r.checkIn, r.checkOut, LONG_DAY) });
  return brandedMail(r.brand, r.to, r.language, t('review_subject', { org: r.brand.name, product: r.product }), [
    { kind: 'text', text: hello },
    { kind: 'text', text: thanks },
    { kind: 'text', text: t('review_body') },
    { kind: 'action', label: t('review_action'), href: r.link },
  ], { preheader: thanks, footer: t('mail_footer_booking') });
}
