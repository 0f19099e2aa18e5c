// The name a wallet card gets when it is issued without one (the console's card form and CSV import, the development
// wallet route): its kind's name, a certificate's with its services. The stored name is the English one; a page shows a
// card that still carries it under the same name in the reader's language (functions/db/content.ts cardsInLanguage).
import { bookingLabels } from './booking';
import type { Language } from './types';

const CERTIFICATE: Record<Language, (services: string) => string> = {
  'en-US': (services) => `${services} certificate`,
  'es-ES': (services) => `Certificado ${services}`,
  'fr-FR': (services) => `Certificat ${services}`,
};

export function defaultCardName(kind: string, services: string, language: Language = 'en-US'): string {
  if (kind === 'certificate') return CERTIFICATE[language](services);
  return bookingLabels[kind === 'discount' ? 'bk_discount_card' : 'bk_cash_card']![language];
}
