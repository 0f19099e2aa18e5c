// The search box on a page that loads React only when a person acts on it, or when the page wakes it (results pages):
// the server renders its stand-in (src/components/SearchBoxStandIn.astro on home, a skeleton line on results pages), the
// browser the search box itself, which takes over the field the person touched.
import SearchBox from './SearchBox';
import { deferred } from '../ui/deferred';

export default deferred(SearchBox);
