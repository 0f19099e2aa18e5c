// The texts of every mail the product sends, in each language (docs/decisions/0034-translated-content.md). Kept out of
// LABELS: mails are written by the Worker, so these never ship to a page. `mailText` picks the language and fills
// the placeholders with the same rules as page labels (translate.ts), falling back to en-US for a missing text.
import { translate, type LabelVars } from './translate';
import type { LabelTable, Language } from './types';
import { VOUCHER_TEXTS } from './voucher-mail';
import { INVITATION_MAIL_TEXTS } from './invitation-mail';
import { BOOKING_MAIL_TEXTS } from './booking-mail';
import { REVIEW_MAIL_TEXTS } from './review-mail';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const MAIL_TEXTS: LabelTable = {
  ...VOUCHER_TEXTS,
  ...INVITATION_MAIL_TEXTS,
  ...BOOKING_MAIL_TEXTS,
  ...REVIEW_MAIL_TEXTS,
  hello: L('Hello {name},', 'Hola, {name}:', 'Bonjour {name},'),
  hello_anonymous: L('Hello traveller,', 'Hola:', 'Bonjour,'),
  hello_plain: L('Hello,', 'Hola:', 'Bonjour,'),

  verify_subject: L('{org}: please confirm your email address', '{org}: confirma tu dirección de correo electrónico', '{org}\u00a0: merci de confirmer votre adresse e-mail'),
  verify_thanks: L('Thank you for signing up to {org}.', 'Gracias por registrarte en {org}.', 'Merci de votre inscription sur {org}.'),
  verify_body: L(
    'Please confirm your email address to finish your registration. The link works once and expires in 48 hours.',
    'Confirma tu dirección de correo electrónico para terminar el registro. El enlace funciona una sola vez y caduca en 48 horas.',
    'Confirmez votre adresse e-mail pour terminer votre inscription. Le lien ne fonctionne qu’une fois et expire dans 48\u00a0heures.',
  ),
  verify_action: L('Confirm my email address', 'Confirmar mi correo electrónico', 'Confirmer mon adresse e-mail'),

  reset_subject: L('{org}: reset your password', '{org}: restablece tu contraseña', '{org}\u00a0: réinitialisez votre mot de passe'),
  reset_asked: L(
    'Someone (hopefully you) asked to reset the password of your account.',
    'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta.',
    'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte.',
  ),
  reset_body: L(
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
    'El enlace funciona una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este correo.',
    'Le lien ne fonctionne qu’une fois et expire dans 1\u00a0heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  ),
  reset_action: L('Choose a new password', 'Elegir una nueva contraseña', 'Choisir un nouveau mot de passe'),

  cancelled_subject: L('{org}: booking {ref} cancelled', '{org}: reserva {ref} cancelada', '{org}\u00a0: réservation {ref} annulée'),
  cancelled_what: L('Your booking {ref} is cancelled: {product}, {city}, {dates}.', 'Tu reserva {ref} está cancelada: {product}, {city}, {dates}.', 'Votre réservation {ref} est annulée\u00a0: {product}, {city}, {dates}.'),
  cancelled_refund: L(
    'We refunded {amount} to your card; it usually shows within 5 to 10 days.',
    'Te hemos devuelto {amount} a tu tarjeta; suele aparecer en un plazo de 5 a 10 días.',
    'Nous avons remboursé {amount} sur votre carte\u00a0; le remboursement apparaît généralement sous 5 à 10\u00a0jours.',
  ),
  cancelled_no_card: L('Nothing was paid by card for this booking.', 'No se pagó nada con tarjeta en esta reserva.', 'Rien n’a été payé par carte pour cette réservation.'),
  cancelled_wallet: L('The wallet parts ({amount}) are back in your wallet.', 'Lo pagado con tu monedero ({amount}) ha vuelto a tu monedero.', 'Les montants payés avec votre portefeuille ({amount}) y ont été recrédités.'),

  confirmed_subject: L('{org}: booking {ref} confirmed', '{org}: reserva {ref} confirmada', '{org}\u00a0: réservation {ref} confirmée'),
  confirmed_ref: L('Your booking {ref} is confirmed.', 'Tu reserva {ref} está confirmada.', 'Votre réservation {ref} est confirmée.'),
  confirmed_manage: L('Manage your booking', 'Gestionar tu reserva', 'Gérer votre réservation'),
  confirmed_calendar: L('Booking {ref}. Manage it: {link}', 'Reserva {ref}. Gestiónala aquí: {link}', 'Réservation {ref}. Pour la gérer\u00a0: {link}'),

  quote_subject: L('{org}: your travel quote for {product}', '{org}: tu presupuesto de viaje para {product}', '{org}\u00a0: votre devis de voyage pour {product}'),
  quote_from: L('{from} has prepared a quote for you:', '{from} ha preparado un presupuesto para ti:', '{from} a préparé un devis pour vous\u00a0:'),
  quote_stay_one: L('{product}, {city}\n{dates}, {n} guest\nTotal: {total}', '{product}, {city}\n{dates}, {n} huésped\nTotal: {total}', '{product}, {city}\n{dates}, {n}\u00a0voyageur\nTotal\u00a0: {total}'),
  quote_stay_other: L('{product}, {city}\n{dates}, {n} guests\nTotal: {total}', '{product}, {city}\n{dates}, {n} huéspedes\nTotal: {total}', '{product}, {city}\n{dates}, {n}\u00a0voyageurs\nTotal\u00a0: {total}'),
  quote_next: L('Open the link to see the details. Reply to your agent to book.', 'Abre el enlace para ver los detalles. Responde a tu agente para reservar.', 'Ouvrez le lien pour voir le détail. Répondez à votre agent pour réserver.'),
  quote_action: L('View your quote', 'Ver tu presupuesto', 'Voir votre devis'),
};

/** A mail text in `language` (en-US where a text is missing), its placeholders filled from `vars`. */
export function mailText(language: Language | string, key: string, vars?: LabelVars): string {
  const lang = (language in (MAIL_TEXTS.hello ?? {}) ? language : 'en-US') as Language;
  const texts: Record<string, string> = {};
  for (const [k, v] of Object.entries(MAIL_TEXTS)) texts[k] = v[lang] || v['en-US'];
  return translate(texts, true, lang, key, vars);
}
