// Label tables: one key, its text in every supported language.
export const LANGUAGES = ['en-US', 'es-ES', 'fr-FR'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LabelTable = Record<string, Record<Language, string>>;
