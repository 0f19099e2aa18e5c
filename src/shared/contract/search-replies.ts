// The product search's replies (GET /api/products/search, /api/products/cities; docs/contract.md#booking): the route
// declares them, the results page, the agent's quote builder and the edge that draws a first screen read them. A module of
// its own, like booking-replies.ts, so that islands importing its types bring none of these schemas into the browser.
import { z } from 'zod';
import { ProductSummarySchema } from './booking-replies';

/** One result: the product priced for the search, with its distance from the searched point when the search had one. */
export const SearchResultSchema = ProductSummarySchema.extend({ distance_km: z.number().optional() });

/** The filters' counts as the results page shows them: what relaxing each filter would give, and the unit prices' range. */
export const SearchFacetsSchema = z.object({
  rating: z.array(z.object({ min: z.number(), count: z.number() })),
  any_rating: z.number(),
  any_price: z.number(),
  free_cancellation: z.number(),
  any_cancellation: z.number(),
  /** In the asked currency; null when nothing matches. */
  price_range: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});

export const SearchReplySchema = z.object({
  /** The searched city's name in the page's language, when the search named a city (docs/decisions/0049-city-names.md). */
  place: z.string().optional(),
  count: z.number(),
  page: z.number(),
  per_page: z.number(),
  data: z.array(SearchResultSchema),
  facets: SearchFacetsSchema,
});
export type SearchReply = z.output<typeof SearchReplySchema>;

/** A city the search box suggests: `city` is the name the visitor reads and searches by. */
export const CitySuggestionSchema = z.object({ city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number(), products: z.number() });
export const CitySuggestionsReplySchema = z.object({ data: z.array(CitySuggestionSchema) });
