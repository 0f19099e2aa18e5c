// Catalogues, labels, exchange rates and location (docs/contract.md#catalogues): request and response schemas shared by islands and API.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';

/** The catalogue POSTs carry no payload the server needs; any JSON object is accepted, anything else is bad input. */
export const CatalogueRequestSchema = z.looseObject({});

export const LanguageCodeSchema = z
  .string()
  .regex(/^[a-z]{2}-[A-Z]{2}$/, 'A language code looks like en-US')
  .refine((lang) => (LANGUAGES as readonly string[]).includes(lang), { message: `Supported languages: ${LANGUAGES.join(', ')}` });

export const LabelsQuerySchema = z.object({ lang: LanguageCodeSchema.default('en-US') });
/** POST getLabels: the language in the query (as for GET) or in the body; the query's wins. */
export const LabelsRequestSchema = z.looseObject({ lang: LanguageCodeSchema.optional() });

/** The catalogues' names (countries, nationalities) are in `lang`, else in the request's language (docs/contract.md#languages). */
export const CatalogueQuerySchema = z.object({ lang: LanguageCodeSchema.optional() });

/** ISO 4217 code; lower case is accepted and upper-cased. */
export const CurrencyCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'A currency code is 3 letters, such as USD')
  .transform((code) => code.toUpperCase());

export const CurrencyRateRequestSchema = z.object({
  fromCurrency: CurrencyCodeSchema,
  toCurrency: CurrencyCodeSchema,
  all: z.boolean().optional(),
});

export const CurrencyRatesRequestSchema = z.object({
  fromCurrency: CurrencyCodeSchema.default('USD'),
  toCurrency: CurrencyCodeSchema.optional(),
  all: z.boolean().optional(),
});

export const CountrySchema = z.object({
  countryName: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  countryFlag: z.string(),
  isdCode: z.string(),
  distanceUnit: z.enum(['Miles', 'Km']).nullable(),
  tempUnit: z.enum(['C', 'F']).nullable(),
  default_country: z.union([z.literal(0), z.literal(1)]),
});
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.object({ data: z.array(CountrySchema) });

export const CountryCatSchema = z.object({
  countryId: z.number().int(),
  countryName: z.string(),
  countryCode: z.string(),
  isdCode: z.string(),
  countryFlag: z.string(),
});
export type CountryCat = z.infer<typeof CountryCatSchema>;
export const CountryCatListSchema = z.object({ data: z.object({ data: z.array(CountryCatSchema) }) });

export const NationalitySchema = z.object({
  nationalityId: z.number().int(),
  nationalityName: z.string(),
  nationalityCode: z.string(),
});
export type Nationality = z.infer<typeof NationalitySchema>;
export const NationalityCatListSchema = z.object({ data: z.object({ data: z.array(NationalitySchema) }) });
export const NationalityListSchema = z.object({ data: z.array(NationalitySchema) });

export const CurrencySchema = z.object({ id: z.number().int(), name: z.string(), code: z.string(), status: z.number().int(), flag: z.string() });
export const LanguageSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Currency = z.infer<typeof CurrencySchema>;
export type LanguageEntry = z.infer<typeof LanguageSchema>;
export const CurrencyInfoSchema = z.object({
  data: z.object({
    currencies: z.array(CurrencySchema),
    languages: z.array(LanguageSchema),
    defaultCurrency: z.string(),
    defaultLanguage: z.string(),
  }),
});
export type CurrencyInfo = z.infer<typeof CurrencyInfoSchema>['data'];

export const LabelEntrySchema = z.object({ field_name: z.string(), wl_lang_value: z.string() });
export const LabelListSchema = z.object({ data: z.array(LabelEntrySchema) });

export const CurrencyRateReplySchema = z.object({ roeRate: z.number().nullable() });
export const CurrencyRatesReplySchema = z.object({ roes: z.array(z.object({ currency: z.string(), rate: z.number() })) });

export const IpReplySchema = z.object({ ip: z.string() });
export const GeolocationReplySchema = z.object({
  data: z.object({ ip: z.string(), countryCode: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }),
});

/** What the rates provider answers: units of each currency per 1 USD. */
export const ProviderRatesSchema = z.object({
  base: z.literal('USD'),
  rates: z
    .record(z.string().regex(/^[A-Z]{3}$/), z.number().positive().finite())
    .refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 400, 'between 1 and 400 rates'),
});
export type ProviderRates = z.infer<typeof ProviderRatesSchema>;
