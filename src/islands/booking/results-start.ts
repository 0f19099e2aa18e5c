// A results page starts its search as soon as the page has been read, without React: the island then finds the answer
// in the search store (one request, docs/decisions/0047-pages-name-their-first-call.md). When the answer comes, the
// first card's photo is asked for at once, in the width the card will take, so it is there when the island draws the
// card instead of being found only then (issue 18: the photographs cost the results page no time).
import { $org } from '../../stores/startup';
import { $currency } from '../../stores/labels';
import { $results, pageCriteria, runSearch } from '../../stores/search';
import { photoSrcset, RESULT_CARD_SIZES } from '../../shared/rules/photos';
import { PRODUCT_TYPES, type ProductType } from '../../shared/rules/wallet';

const isType = (t: string | undefined): t is ProductType => (PRODUCT_TYPES as readonly string[]).includes(t ?? '');

/** The first result's photo, preloaded as the card's <img> will choose it (same srcset and sizes, so one request). */
function preloadFirstPhoto(src: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  const srcset = photoSrcset(src);
  if (srcset) {
    link.imageSrcset = srcset;
    link.imageSizes = RESULT_CARD_SIZES;
  }
  link.dataset.firstResultPhoto = '';
  document.head.appendChild(link);
}

export function startResults(type: string | undefined) {
  if (!isType(type)) return;
  const stop = $results.listen((page) => {
    stop();
    const photo = page?.data[0]?.image;
    if (photo) preloadFirstPhoto(photo);
  });
  void runSearch(pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1), $currency.get());
}
