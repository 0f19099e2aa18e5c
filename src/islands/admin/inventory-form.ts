// What the console's inventory forms share: amounts typed in US dollars and sent in cents, numbers typed as text, the
// label of each language, and the attributes that tie a field to its label, hint and message.
import type { Language } from '../../shared/i18n/types';

/** An amount in cents as the field shows it in dollars ('' for none). */
export const dollarsOf = (minor: number | null | undefined): string => (minor === null || minor === undefined ? '' : String(minor / 100));

/** A typed amount in dollars as cents: undefined when empty, NaN when not a number (the schema names it). */
export const centsOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Math.round(Number(text.trim().replace(',', '.')) * 100));

/** A typed whole number: undefined when empty, NaN when not a number. */
export const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

/** The label of each language's field: a product's description, a room type's or rate plan's name. */
export const DESCRIPTION_LABEL: Record<Language, string> = { 'en-US': 'inv_description_en', 'fr-FR': 'inv_description_fr', 'es-ES': 'inv_description_es' };
export const NAME_LABEL: Record<Language, string> = { 'en-US': 'inv_name_en', 'fr-FR': 'inv_name_fr', 'es-ES': 'inv_name_es' };

/** The id, invalid state and description of a field named `name` in a form whose ids start with `prefix`. */
export function fieldProps(prefix: string, name: string, errors: Record<string, string | undefined>, hint = false) {
  return {
    id: `${prefix}-${name}`,
    'aria-invalid': errors[name] ? ('true' as const) : undefined,
    'aria-describedby': `${hint ? `${prefix}-${name}-hint ` : ''}${prefix}-${name}-error`,
  };
}
