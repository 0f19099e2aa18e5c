// Labels of the help page, the enquiry form (cruises, flights, help), the destination cards and the search filters.
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const helpLabels: LabelTable = {
  price_default_stay: L('2 nights · 2 guests', '2 noches · 2 huéspedes', '2 nuits · 2 voyageurs'),
  page_help: L('Help & contact', 'Ayuda y contacto', 'Aide et contact'),
  help_lede: L(
    'Answers to common questions, and a person when you need one.',
    'Respuestas a las preguntas frecuentes y una persona cuando la necesite.',
    'Les réponses aux questions fréquentes, et une personne quand il vous en faut une.',
  ),
  help_faq: L('Frequently asked questions', 'Preguntas frecuentes', 'Questions fréquentes'),
  help_q_cancel: L('Can I cancel my booking?', '¿Puedo cancelar mi reserva?', 'Puis-je annuler ma réservation ?'),
  help_a_cancel: L(
    'Open your booking from Booking history. Its page shows the cancellation terms and, while they allow it, a button to cancel.',
    'Abra su reserva desde el Historial de reservas. Su página muestra las condiciones de cancelación y, mientras lo permitan, un botón para cancelar.',
    'Ouvrez votre réservation depuis l’historique des réservations. Sa page indique les conditions d’annulation et, tant qu’elles le permettent, un bouton pour annuler.',
  ),
  help_q_wallet: L('How do I use my certificates and cards?', '¿Cómo uso mis certificados y tarjetas?', 'Comment utiliser mes certificats et cartes ?'),
  help_a_wallet: L(
    'At checkout, choose a certificate, a discount card or your cash card: the price shows what each one takes off before you pay.',
    'En el pago, elija un certificado, una tarjeta de descuento o su tarjeta monedero: el precio muestra lo que descuenta cada uno antes de pagar.',
    'Au paiement, choisissez un certificat, une carte de réduction ou votre carte d’avoir : le prix indique ce que chacun déduit avant de payer.',
  ),
  help_q_price: L('Are taxes included in the price?', '¿Los impuestos están incluidos en el precio?', 'Les taxes sont-elles comprises dans le prix ?'),
  help_a_price: L(
    'Yes. The total you see on the results is the total for your dates and guests, and it is the amount you pay.',
    'Sí. El total que ve en los resultados es el total para sus fechas y huéspedes, y es lo que paga.',
    'Oui. Le total affiché dans les résultats est celui de vos dates et de vos voyageurs, et c’est le montant que vous payez.',
  ),
  help_q_cruise: L('How do I book a cruise or a flight?', '¿Cómo reservo un crucero o un vuelo?', 'Comment réserver une croisière ou un vol ?'),
  help_a_cruise: L(
    'Send us your dates and travellers from the Cruises or Flights page: a travel specialist answers by e-mail.',
    'Envíenos sus fechas y viajeros desde la página de Cruceros o Vuelos: un especialista le responderá por correo electrónico.',
    'Envoyez-nous vos dates et voyageurs depuis la page Croisières ou Vols : un spécialiste vous répond par e-mail.',
  ),
  help_reach_us: L('Reach a person', 'Hable con una persona', 'Parler à une personne'),
  help_phone: L('Phone', 'Teléfono', 'Téléphone'),
  help_email: L('E-mail', 'Correo electrónico', 'E-mail'),
  help_write_us: L('Write to us', 'Escríbanos', 'Écrivez-nous'),
  enquiry_cruise_title: L('Ask for a cruise', 'Solicite un crucero', 'Demandez une croisière'),
  enquiry_flight_title: L('Ask for a flight', 'Solicite un vuelo', 'Demandez un vol'),
  enquiry_name: L('Your name', 'Su nombre', 'Votre nom'),
  enquiry_email: L('E-mail', 'Correo electrónico', 'E-mail'),
  enquiry_depart: L('Departure date', 'Fecha de salida', 'Date de départ'),
  enquiry_return: L('Return date', 'Fecha de regreso', 'Date de retour'),
  enquiry_travellers: L('Travellers', 'Viajeros', 'Voyageurs'),
  enquiry_message: L('Message', 'Mensaje', 'Message'),
  enquiry_send: L('Send', 'Enviar', 'Envoyer'),
  enquiry_sending: L('Sending…', 'Enviando…', 'Envoi…'),
  enquiry_sent: L(
    'Thank you: your message has reached our team. We answer by e-mail within one working day.',
    'Gracias: su mensaje ha llegado a nuestro equipo. Respondemos por correo electrónico en un día laborable.',
    'Merci : votre message est bien parvenu à notre équipe. Nous répondons par e-mail sous un jour ouvré.',
  ),
  enquiry_failed: L('Your message could not be sent. Please try again.', 'No se pudo enviar su mensaje. Inténtelo de nuevo.', 'Votre message n’a pas pu être envoyé. Veuillez réessayer.'),
  enquiry_err_name: L('Please Enter Your Name', 'Introduzca su nombre', 'Veuillez saisir votre nom'),
  enquiry_err_email: L('Please Enter Email ID', 'Introduzca su correo electrónico', 'Veuillez saisir votre e-mail'),
  enquiry_err_invalid_email: L('Invalid Mail', 'Correo no válido', 'E-mail non valide'),
  enquiry_err_message: L('Please Enter Your Message', 'Escriba su mensaje', 'Veuillez saisir votre message'),
  enquiry_err_order: L(
    'The return date must not be before the departure date',
    'La fecha de regreso no puede ser anterior a la de salida',
    'La date de retour ne peut pas précéder la date de départ',
  ),
  enquiry_err_travellers: L('Enter a whole number of travellers from 1 to 20', 'Indique de 1 a 20 viajeros', 'Indiquez de 1 à 20 voyageurs'),
};
