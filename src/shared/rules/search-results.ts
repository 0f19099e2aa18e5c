// A search's answer as the results page reads it (GET /api/products/search, docs/contract.md#booking): the island, the
// first screen drawn before React and the edge that draws it for a search it has answered before.
import type { ProductType } from './wallet';

export interface ProductItem {
  product_id: number;
  type: ProductType;
  name: string;
  city: string;
  country: string;
  price: number;
  currency: string;
  price_unit: 'night' | 'person';
  total_price: number;
  nights: number | null;
  image: string;
  rating: number;
  summary: string;
  distance_km?: number;
  /** A hotel, resort or stay: how many rooms `price` is for, and its share of one night (`price` / `nights`). */
  rooms?: number;
  price_per_night?: number;
  /** For the searched check-in: when free cancellation ends (ISO instant), null when it never is free. */
  free_cancellation_deadline?: string | null;
  /** Its verified reviews: how many are shown and their average out of 10 (stored on the product, decision 0065). */
  review_count?: number;
  review_score?: number | null;
}

/** The filters' counts: per rating step, with any rating or any price, and the unit prices' range. */
export interface SearchFacets {
  rating: { min: number; count: number }[];
  any_rating: number;
  any_price: number;
  /** With free cancellation, and with any terms (the other filters kept). */
  free_cancellation?: number;
  any_cancellation?: number;
  price_range: { min: number | null; max: number | null };
}

export interface ResultPage {
  /** The searched city's name in the page's language, when the search named a city (docs/decisions/0049-city-names.md). */
  place?: string;
  count: number;
  /** Some results may be missing: a supplier the search asked failed or was late (CONTRACT §18). */
  partial?: boolean;
  page: number;
  per_page: number;
  data: ProductItem[];
  facets?: SearchFacets;
}
