// Labels of the savings area in every supported language.
import type { LabelTable } from './types';

export const savingsLabels: LabelTable = {
  savings_confirm_text: {
    'en-US': 'You followed a link from another site. Continue to join the daily savings program (if you have not yet) and open it.',
    'es-ES': 'Ha seguido un enlace desde otro sitio. Continúe para unirse al programa de ahorros diarios (si aún no lo ha hecho) y abrirlo.',
    'fr-FR': 'Vous avez suivi un lien depuis un autre site. Continuez pour rejoindre le programme d’économies du jour (si ce n’est pas déjà fait) et l’ouvrir.',
  },
  savings_confirm_continue: { 'en-US': 'Continue to daily savings', 'es-ES': 'Continuar a ahorros diarios', 'fr-FR': 'Continuer vers les économies du jour' },
  savings_title: { 'en-US': 'Daily savings', 'es-ES': 'Ahorros diarios', 'fr-FR': 'Économies du jour' },
  savings_sign_in_first: {
    'en-US': 'Please sign in to open your daily savings.',
    'es-ES': 'Inicie sesión para abrir sus ahorros diarios.',
    'fr-FR': 'Veuillez vous connecter pour ouvrir vos économies du jour.',
  },
  savings_unavailable: {
    'en-US': 'The daily savings program is not available right now. Please try again in a few minutes.',
    'es-ES': 'El programa de ahorros diarios no está disponible en este momento. Vuelva a intentarlo en unos minutos.',
    'fr-FR': 'Le programme d’économies du jour n’est pas disponible pour le moment. Veuillez réessayer dans quelques minutes.',
  },
  savings_back_home: { 'en-US': 'Back to the home page', 'es-ES': 'Volver a la página de inicio', 'fr-FR': 'Retour à l’accueil' },
  savings_opening: { 'en-US': 'Opening daily savings…', 'es-ES': 'Abriendo ahorros diarios…', 'fr-FR': 'Ouverture des économies du jour…' },
};
