// Labels of the org console (/admin pages) in every supported language.
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const consoleLabels: LabelTable = {
  // The shell: nav, access, loading and saving
  admin_console: L('Console', 'Consola', 'Console'),
  admin_nav_label: L('Console pages', 'Páginas de la consola', 'Pages de la console'),
  admin_section_marketing: L('Marketing', 'Marketing', 'Marketing'),
  admin_nav_launch: L('Launch', 'Lanzamiento', 'Lancement'),
  admin_nav_brand: L('Brand', 'Marca', 'Marque'),
  admin_nav_settings: L('Settings', 'Ajustes', 'Paramètres'),
  admin_nav_domains: L('Domains', 'Dominios', 'Domaines'),
  admin_nav_access_codes: L('Access codes', 'Códigos de acceso', "Codes d'accès"),
  admin_nav_cards: L('Wallet cards', 'Tarjetas del monedero', 'Cartes du portefeuille'),
  admin_nav_members: L('Members', 'Miembros', 'Membres'),
  admin_nav_bookings: L('Bookings', 'Reservas', 'Réservations'),
  admin_nav_translations: L('Translations', 'Traducciones', 'Traductions'),
  admin_nav_audit: L('Audit', 'Auditoría', 'Journal'),
  admin_nav_links: L('Links', 'Enlaces', 'Liens'),
  admin_away: L(
    "This console is for the organisation's admins. Taking you to the home page…",
    'Esta consola es para los administradores de la organización. Te llevamos a la página de inicio…',
    "Cette console est réservée aux administrateurs de l'organisation. Retour à la page d'accueil…",
  ),
  admin_marketer_away: L(
    'This part of the console is for admins. Taking you to the marketing pages…',
    'Esta parte de la consola es para administradores. Te llevamos a las páginas de marketing…',
    'Cette partie de la console est réservée aux administrateurs. Direction les pages marketing…',
  ),
  admin_load_failed: L('We could not load this. Please try again.', 'No pudimos cargar esto. Inténtalo de nuevo.', 'Impossible de charger ces informations. Veuillez réessayer.'),
  admin_retry: L('Try again', 'Reintentar', 'Réessayer'),
  admin_save: L('Save', 'Guardar', 'Enregistrer'),
  admin_saving: L('Saving…', 'Guardando…', 'Enregistrement…'),
  admin_saved: L('Saved.', 'Guardado.', 'Enregistré.'),
  admin_fix_fields: L('Check the highlighted fields.', 'Revisa los campos marcados.', 'Vérifiez les champs signalés.'),
  admin_prev: L('Previous', 'Anterior', 'Précédent'),
  admin_next: L('Next', 'Siguiente', 'Suivant'),
  admin_page_of: L('Page {page} of {pages}', 'Página {page} de {pages}', 'Page {page} sur {pages}'),
  admin_yes: L('Yes', 'Sí', 'Oui'),
  admin_no: L('No', 'No', 'Non'),

  // The server's field messages, by their name in the console schema
  admin_msg_name: L('Enter a name of 1 to 80 characters', 'Introduce un nombre de 1 a 80 caracteres', 'Saisissez un nom de 1 à 80 caractères'),
  admin_msg_address: L(
    'Enter a page of this site (starting with /) or an https:// address',
    'Introduce una página de este sitio (que empiece por /) o una dirección https://',
    'Saisissez une page de ce site (commençant par /) ou une adresse https://',
  ),
  admin_msg_language: L('Choose one of the offered languages', 'Elige uno de los idiomas ofrecidos', 'Choisissez une des langues proposées'),
  admin_msg_currency: L('Choose a currency code such as USD', 'Elige un código de moneda como USD', 'Choisissez un code de devise comme USD'),
  admin_msg_unknownCurrency: L('This currency is not offered', 'Esta moneda no se ofrece', "Cette devise n'est pas proposée"),
  admin_msg_products: L('Choose at least one product', 'Elige al menos un producto', 'Choisissez au moins un produit'),
  admin_msg_productCode: L('Choose among the listed products', 'Elige entre los productos de la lista', 'Choisissez parmi les produits proposés'),
  admin_msg_walletOption: L('Choose among the listed wallet options', 'Elige entre las opciones de monedero de la lista', 'Choisissez parmi les options de portefeuille proposées'),
  admin_msg_minCheckin: L('Enter a whole number of days from 0 to 30', 'Introduce un número entero de días de 0 a 30', 'Saisissez un nombre entier de jours de 0 à 30'),
  admin_msg_calendar: L('The week starts on Sunday or Monday', 'La semana empieza el domingo o el lunes', 'La semaine commence le dimanche ou le lundi'),
  admin_msg_flag: L('Choose yes or no', 'Elige sí o no', 'Choisissez oui ou non'),
  admin_msg_googleClientId: L(
    'Enter the Google client id to turn Google sign-in on',
    'Introduce el id de cliente de Google para activar el acceso con Google',
    "Saisissez l'identifiant client Google pour activer la connexion Google",
  ),
  admin_msg_facebookAppId: L(
    'Enter the Facebook app id (digits) to turn Facebook sign-in on',
    'Introduce el id de la app de Facebook (cifras) para activar el acceso con Facebook',
    "Saisissez l'identifiant d'application Facebook (chiffres) pour activer la connexion Facebook",
  ),
  admin_msg_clientId: L(
    'Use letters, digits, dots, dashes and underscores (at most 200)',
    'Usa letras, cifras, puntos, guiones y guiones bajos (200 como máximo)',
    'Utilisez des lettres, chiffres, points, tirets et tirets bas (200 au plus)',
  ),
  admin_msg_appId: L('Use digits only (at most 32)', 'Usa solo cifras (32 como máximo)', 'Chiffres uniquement (32 au plus)'),
  admin_msg_nothingToChange: L('Nothing to save: change a setting first', 'Nada que guardar: cambia antes un ajuste', "Rien à enregistrer : modifiez d'abord un paramètre"),
  admin_msg_lastAdmin: L(
    'An organisation keeps at least one admin: make another member admin first',
    'Una organización conserva al menos un administrador: nombra antes a otro miembro administrador',
    "Une organisation garde au moins un administrateur : nommez d'abord un autre membre administrateur",
  ),
  admin_msg_noSuchMember: L('No such member', 'No existe ese miembro', 'Membre introuvable'),
  admin_msg_creditLimit: L(
    'Enter an amount from 0 to 10,000,000 with at most 2 decimals',
    'Introduce un importe de 0 a 10.000.000 con 2 decimales como máximo',
    'Saisissez un montant de 0 à 10 000 000 avec 2 décimales au plus',
  ),
  admin_msg_role: L('Choose one of the roles', 'Elige uno de los roles', 'Choisissez un des rôles'),
};
