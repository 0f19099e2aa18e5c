// Labels of the catalogue area (country, nationality, currency and language pickers) in every supported language.
import type { LabelTable } from './types';

export const catalogueLabels: LabelTable = {
  'catalogue.country': { 'en-US': 'Country', 'es-ES': 'País', 'fr-FR': 'Pays' },
  'catalogue.countryCode': { 'en-US': 'Country code', 'es-ES': 'Prefijo del país', 'fr-FR': 'Indicatif du pays' },
  'catalogue.nationality': { 'en-US': 'Nationality', 'es-ES': 'Nacionalidad', 'fr-FR': 'Nationalité' },
  'catalogue.currency': { 'en-US': 'Currency', 'es-ES': 'Moneda', 'fr-FR': 'Devise' },
  'catalogue.currencies': { 'en-US': 'Currencies', 'es-ES': 'Monedas', 'fr-FR': 'Devises' },
  'catalogue.language': { 'en-US': 'Language', 'es-ES': 'Idioma', 'fr-FR': 'Langue' },
  'catalogue.searchCountry': { 'en-US': 'Search by name or code', 'es-ES': 'Buscar por nombre o prefijo', 'fr-FR': 'Rechercher par nom ou indicatif' },
  'catalogue.noMatches': { 'en-US': 'No matches', 'es-ES': 'Sin resultados', 'fr-FR': 'Aucun résultat' },
};
