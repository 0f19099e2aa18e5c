// The labels of the branded booking mails (functions/outside/mail.ts through mail-layout.ts): the confirmation's
// facts and receipt, the cancellation, and the voucher's facts, in each language; part of the mails' own table
// (./mail.ts MAIL_TEXTS), never shipped to a page.
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const BOOKING_MAIL_TEXTS: LabelTable = {
  confirmed_heading: L('Your booking is confirmed', 'Tu reserva está confirmada', 'Votre réservation est confirmée'),
  confirmed_preheader: L('{product}, {dates}: booking {ref}', '{product}, {dates}: reserva {ref}', '{product}, {dates}\u00a0: réservation {ref}'),
  cancelled_heading: L('Your booking is cancelled', 'Tu reserva está cancelada', 'Votre réservation est annulée'),
  failed_heading: L('We could not book your stay', 'No hemos podido reservar tu estancia', 'Nous n’avons pas pu réserver votre séjour'),
  failed_subject: L('{org}: booking {ref} could not be made', '{org}: no se ha podido hacer la reserva {ref}', '{org}\u00a0: la réservation {ref} n’a pas pu être faite'),
  failed_what: L(
    'The hotel could not confirm your booking {ref} ({product}, {city}, {dates}) after your payment: it is not booked, and you are refunded in full.',
    'El hotel no ha podido confirmar tu reserva {ref} ({product}, {city}, {dates}) tras tu pago: no está reservada y se te reembolsa todo.',
    'L’hôtel n’a pas pu confirmer votre réservation {ref} ({product}, {city}, {dates}) après votre paiement\u00a0: elle n’est pas faite et vous êtes intégralement remboursé.',
  ),
  failed_again: L(
    'We are sorry. You can book another room or hotel on our site.',
    'Lo sentimos. Puedes reservar otra habitación u otro hotel en nuestro sitio.',
    'Nous en sommes désolés. Vous pouvez réserver une autre chambre ou un autre hôtel sur notre site.',
  ),
  cancelled_calendar_note: L(
    'The attached calendar update removes the stay from your calendar.',
    'La actualización de calendario adjunta elimina la estancia de tu calendario.',
    'La mise à jour de calendrier jointe retire le séjour de votre agenda.',
  ),
  mail_label_reference: L('Booking reference', 'Referencia de la reserva', 'Référence de réservation'),
  mail_label_stay: L('Accommodation', 'Alojamiento', 'Hébergement'),
  mail_label_activity: L('Activity', 'Actividad', 'Activité'),
  mail_label_address: L('Address', 'Dirección', 'Adresse'),
  mail_label_dates: L('Dates', 'Fechas', 'Dates'),
  mail_label_check_in: L('Check-in', 'Entrada', 'Arrivée'),
  mail_label_check_out: L('Check-out', 'Salida', 'Départ'),
  mail_check_in_from: L('{date}, from {time}', '{date}, desde las {time}', '{date}, à partir de {time}'),
  mail_check_out_until: L('{date}, until {time}', '{date}, hasta las {time}', '{date}, jusqu’à {time}'),
  mail_label_room: L('Room', 'Habitación', 'Chambre'),
  mail_label_rate: L('Rate', 'Tarifa', 'Tarif'),
  mail_label_guests: L('Guests', 'Huéspedes', 'Voyageurs'),
  mail_label_traveller: L('Traveller', 'Viajero', 'Voyageur'),
  mail_label_cancellation: L('Cancellation', 'Cancelación', 'Annulation'),
  mail_receipt: L('Receipt', 'Recibo', 'Reçu'),
  mail_receipt_total: L('Total', 'Total', 'Total'),
  mail_receipt_certificate: L('Certificate', 'Certificado', 'Certificat'),
  mail_receipt_discount: L('Discount card', 'Tarjeta de descuento', 'Carte de réduction'),
  mail_receipt_cash: L('Cash card', 'Tarjeta prepago', 'Carte prépayée'),
  mail_receipt_card: L('Paid by card', 'Pagado con tarjeta', 'Payé par carte'),
  mail_receipt_refund_card: L('Refunded to your card', 'Reembolsado a tu tarjeta', 'Remboursé sur votre carte'),
  mail_receipt_wallet_back: L('Back in your wallet', 'Devuelto a tu monedero', 'Recrédité sur votre portefeuille'),
  mail_footer_booking: L(
    'You receive this email because a booking was made with this address.',
    'Recibes este correo porque se hizo una reserva con esta dirección.',
    'Vous recevez cet e-mail car une réservation a été faite avec cette adresse.',
  ),
  mail_footer_account: L(
    'You receive this email because of an account with this address.',
    'Recibes este correo por una cuenta con esta dirección.',
    'Vous recevez cet e-mail en raison d’un compte lié à cette adresse.',
  ),
};
