// The results of a results page, drawn first without React (src/islands/booking/results-first-screen.ts) in the
// stand-in the server renders (a skeleton), then by the island once the page wakes it
// (docs/decisions/0048-results-first-screen.md).
import SearchResults from './SearchResults';
import { deferred } from '../ui/deferred';

export default deferred(SearchResults);
