// The product search's replies (GET /api/products/search, /api/products/cities; docs/contract.md#booking): the route
// declares them, the results page, the agent's quote builder and the edge that draws a first screen read them. A module of
// its own, like booking-replies.ts, so that islands importing its types bring none of these schemas into the browser.
import { z } from 'zod';
import { ProductSourceFields, ProductSummarySchema } from './booking-replies';
import { BOARDS } from '../rules/stay-rates';

/**
 * One result: the product priced for the search, with its distance from the searched point when the search had one. A
 * hotel, resort or stay is priced for the whole stay and every room (`price`, as `total_price`), with its `nights`,
 * `rooms` and `price_per_night` (docs/contract.md#rooms-rates-and-availability); an activity per person, as ever.
 */
export const SearchResultSchema = ProductSummarySchema.extend({
  ...ProductSourceFields,
  distance_km: z.number().optional(),
  rooms: z.number().optional(),
  price_per_night: z.number().optional(),
});

/** One night of a rate, in the asked currency: the nights add up to the rate's total. */
export const RateNightSchema = z.object({ date: z.string(), price: z.number() });

/** A rate plan selling a room type for the stay and party asked, with the signed rate_id a booking brings back. */
export const RoomRateSchema = z.object({
  rate_id: z.string(),
  rate_plan_id: z.number(),
  name: z.string(),
  board: z.enum(BOARDS),
  refundable: z.boolean(),
  /** The instant (ISO, UTC) free cancellation ends, null when it never is free. */
  free_cancellation_deadline: z.string().nullable(),
  /** The fee, in percent of the price, once free cancellation has ended (100: nothing refunded). */
  cancellation_fee_percent: z.number().optional(),
  /** A bed bank's rate: what cancelling costs from each instant on (ISO, UTC), in the asked currency. */
  cancellation_charges: z.array(z.object({ from: z.string(), amount: z.number() })).optional(),
  total: z.number(),
  currency: z.string(),
  nights: z.array(RateNightSchema),
});

/** A room type that fits every room of the party and can be sold for the stay, its rates cheapest first. */
export const RoomOfferSchema = z.object({
  room_id: z.number(),
  code: z.string(),
  name: z.string(),
  max_adults: z.number(),
  max_children: z.number(),
  /** Rooms of the type still for sale on the stay's tightest night. */
  units_left: z.number(),
  rates: z.array(RoomRateSchema),
});

export const RatesReplySchema = z.object({ data: z.object({ nights: z.number(), rooms: z.array(RoomOfferSchema) }) });
export type RatesReply = z.output<typeof RatesReplySchema>;

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
  /** A supplier the search asked failed or was late: its hotels may be missing (CONTRACT §18; absent when whole). */
  partial: z.boolean().optional(),
  page: z.number(),
  per_page: z.number(),
  data: z.array(SearchResultSchema),
  facets: SearchFacetsSchema,
});
export type SearchReply = z.output<typeof SearchReplySchema>;

/** A city the search box suggests: `city` is the name the visitor reads and searches by. */
export const CitySuggestionSchema = z.object({ city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number(), products: z.number() });
export const CitySuggestionsReplySchema = z.object({ data: z.array(CitySuggestionSchema) });
