// A results page starts its search as soon as the page has been read, without React (the island then finds the answer
// in the search store: one request, docs/decisions/0047-pages-name-their-first-call.md), and draws its first screen from
// that answer, with the labels of its boot block, before React (results-first-screen.ts, docs/decisions/0048-results-first-screen.md). The first card's photo
// is asked for as soon as the answer names it; once it is on screen, the page's islands are woken (they wait for it:
// `client:interaction="any"`), so React's code neither delays the first screen nor waits for a person.
import { $org } from '../../stores/startup';
import { $currency, $labels, $language, loadLabelAreas } from '../../stores/labels';
import { $signedIn, $user } from '../../stores/session';
import { $results, $resultsError, pageCriteria, runSearch } from '../../stores/search';
import { searchCallPath } from '../../shared/rules/search-criteria';
import { pricesVisible } from '../../shared/rules/money';
import { photoSrcset, RESULT_CARD_SIZES } from '../../shared/rules/photos';
import { PRODUCT_TYPES, type ProductType } from '../../shared/rules/wallet';
import { firstScreen, searchBoxStandIn } from './results-first-screen';
import { wakeIslands } from '../ui/wake-islands';

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

/** The photo loaded or failed, or a few seconds gone: a photo that never comes must not keep React away. */
const photoShown = (photo: HTMLImageElement) =>
  new Promise<void>((done) => {
    photo.addEventListener('load', () => done(), { once: true });
    photo.addEventListener('error', () => done(), { once: true });
    setTimeout(done, PHOTO_WAIT_MS);
  });
const PHOTO_WAIT_MS = 3_000;

/** After the next paint: the first screen is shown before React's code is asked for. */
const afterPaint = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done)));

/**
 * Draws the first screen into the results island while it still shows what the server rendered, when what it would show
 * is known now: an answer with results, for a visitor whose prices do not depend on a login check still on its way, and
 * no agent's prices (those are the island's alone). Returns its first photo, or null when nothing was drawn.
 */
function drawFirstScreen(type: ProductType, island: HTMLElement | null): { photo: HTMLImageElement | null } | null {
  const results = $results.get();
  const slot = waitingSlot(island);
  // Drawn at the edge already, from its answer to this same search (decision 0050): kept as it is until React.
  const drawn = slot && drawnForThisSearch(slot, type) ? slot.querySelector<HTMLElement>(':scope > [data-first-screen]') : null;
  if (drawn) return { photo: drawn.querySelector('img') };
  const orgDisplayPrice = $org.get()?.displayPrice ?? 1;
  const signedIn = $signedIn.get();
  if (!slot || !results?.data.length || $resultsError.get()) return null;
  if ((signedIn === null && orgDisplayPrice !== 1) || results.data.some((p) => 'agent_pricing' in p)) return null;
  const c = pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1);
  const showPrices = pricesVisible({ signedIn: signedIn === true, orgDisplayPrice, userDisplayPrice: $user.get()?.display_price });
  const section = firstScreen(c, results, { language: $language.get(), currency: $currency.get(), showPrices }) as HTMLElement;
  slot.replaceChildren(section);
  return { photo: section.querySelector('img') };
}

/** The island's stand-in slot while it still waits (the directive renders it client-only once woken), else null. */
const waitingSlot = (island: HTMLElement | null) => (island?.getAttribute('client') === 'interaction' ? island.querySelector(':scope > astro-slot') : null);

/**
 * Whether the edge drew this slot for the search this page makes: the search of a page without dates is the visitor's
 * default stay, which their clock may set otherwise than the edge's (functions/pages/preload.ts).
 */
const drawnForThisSearch = (slot: Element, type: ProductType) =>
  slot.getAttribute('data-drawn-for') === searchCallPath(pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1), $currency.get());

/** The search box, filled from the address and the answer's place, in place of its empty card (whatever the answer). */
function drawSearchBox(type: ProductType) {
  const slot = waitingSlot(document.querySelector('astro-island[component-url*="DeferredSearchBox."]'));
  if (!slot || drawnForThisSearch(slot, type) || !('bk_search_button' in $labels.get())) return;
  const c = pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1);
  slot.replaceChildren(searchBoxStandIn(c, $results.get()?.place, $language.get()));
}

export function startResults(type: string | undefined) {
  if (!isType(type)) return wakeIslands();
  const stop = $results.listen((page) => {
    stop();
    const photo = page?.data[0]?.image;
    if (photo) preloadFirstPhoto(photo);
  });
  const search = runSearch(pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1), $currency.get());
  // A results page's boot block carries the first screen's labels (decision 0048); without it (astro dev), their areas.
  const labels = 'bk_view' in $labels.get() ? undefined : loadLabelAreas(['booking', 'help']);
  void Promise.all([search, labels])
    .then(async () => {
      drawSearchBox(type);
      const drawn = drawFirstScreen(type, document.querySelector('astro-island[component-url*="DeferredSearchResults."]'));
      const photo = drawn?.photo;
      if (photo && !photo.complete) await photoShown(photo);
      await afterPaint();
    })
    .finally(wakeIslands);
}
