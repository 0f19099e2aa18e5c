// The review invitation's texts (docs/contract.md#after-booking), in each language; merged into MAIL_TEXTS (./mail.ts).
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const REVIEW_MAIL_TEXTS: LabelTable = {
  review_subject: L('{org}: how was {product}?', '{org}: ¿qué tal {product}?', '{org}\u00a0: comment s’est passé votre séjour à {product}\u00a0?'),
  review_thanks: L(
    'Thank you for staying at {product}, {city} ({dates}).',
    'Gracias por alojarte en {product}, {city} ({dates}).',
    'Merci d’avoir séjourné à {product}, {city} ({dates}).',
  ),
  review_body: L(
    'Tell other travellers how it was: a score, a few words, and what you thought of the cleanliness, location, staff and value. Only travellers who booked here can review, and we show your first name and country, never your e-mail or surname.',
    'Cuenta a otros viajeros cómo fue: una nota, unas palabras y tu opinión sobre la limpieza, la ubicación, el personal y la relación calidad-precio. Solo quienes reservaron aquí pueden opinar, y mostramos tu nombre y tu país, nunca tu correo ni tus apellidos.',
    'Dites aux autres voyageurs comment c’était\u00a0: une note, quelques mots, et votre avis sur la propreté, l’emplacement, le personnel et le rapport qualité-prix. Seuls les voyageurs ayant réservé ici peuvent donner leur avis, et nous affichons votre prénom et votre pays, jamais votre e-mail ni votre nom de famille.',
  ),
  review_action: L('Write my review', 'Escribir mi opinión', 'Donner mon avis'),
};
