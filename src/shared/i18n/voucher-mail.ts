// The texts of the voucher an agent's booking mails to the agent and to the client (functions/services/agent-mail.ts),
// in each language; part of the mails' own table (./mail.ts MAIL_TEXTS), never shipped to a page.
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const VOUCHER_TEXTS: LabelTable = {
  voucher_subject: L('{org}: voucher {ref}, {product}', '{org}: bono {ref}, {product}', '{org}\u00a0: bon {ref}, {product}'),
  voucher_title: L('Booking voucher', 'Bono de reserva', 'Bon de réservation'),
  voucher_intro_client: L(
    '{agent} has booked this trip for you. Show this voucher on arrival.',
    '{agent} ha reservado este viaje para ti. Presenta este bono a tu llegada.',
    '{agent} a réservé ce voyage pour vous. Présentez ce bon à votre arrivée.',
  ),
  voucher_intro_agent: L(
    'Your booking for {client} is confirmed. The client’s copy went to {email}.',
    'Tu reserva para {client} está confirmada. La copia del cliente se envió a {email}.',
    'Votre réservation pour {client} est confirmée. La copie du client est partie à {email}.',
  ),
  voucher_intro_agent_no_email: L(
    'Your booking for {client} is confirmed. The client has no email address: pass this voucher on.',
    'Tu reserva para {client} está confirmada. El cliente no tiene correo electrónico: entrégale este bono.',
    'Votre réservation pour {client} est confirmée. Le client n’a pas d’adresse e-mail\u00a0: transmettez-lui ce bon.',
  ),
  voucher_paid_account: L('Paid on the agency’s account', 'Pagado en la cuenta de la agencia', 'Réglé sur le compte de l’agence'),
  voucher_paid_card: L('Paid by card', 'Pagado con tarjeta', 'Payé par carte'),
  voucher_booked_by: L('Booked by {agent}, {email}', 'Reservado por {agent}, {email}', 'Réservé par {agent}, {email}'),
  voucher_action: L('Your agency bookings', 'Las reservas de tu agencia', 'Les réservations de votre agence'),
};
