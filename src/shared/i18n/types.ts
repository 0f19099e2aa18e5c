// Label tables: one key, its text in every supported language. A counted label has one key per plural form
// (`bk_nights_n_one`, `bk_nights_n_other`): see translate.ts.
export const LANGUAGES = ['en-US', 'es-ES', 'fr-FR'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LabelTable = Record<string, Record<Language, string>>;
