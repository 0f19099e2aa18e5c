// A results page's first screen drawn without React (docs/decisions/0048-results-first-screen.md): the island's own
// section (SearchResults.tsx), drawn from the search's first answer in the same elements and classes, with the words of
// results-view.ts, so the photographs and prices are on screen before React has loaded and React's first render, which
// replaces it, moves nothing. The links work as they are; the filters' controls are disabled until the island's own take
// their place (a filter needs the island; the star and cancellation chips are inert instead, as disabled ones are drawn
// grey), which a person meets only in the moment React takes to arrive.
import { h } from '../ui/dom';
import { t } from '../../stores/labels';
import { detailsUrl, type Criteria, type ProductItem, type ResultPage } from '../../stores/search';
import { formatMoney, toMinor } from '../../shared/rules/money';
import { photoSrcset, RESULT_CARD_SIZES } from '../../shared/rules/photos';
import { cardFacts, pageCount, ratingChoices, resultsTitle, sortOptions } from './results-view';

/** A field or button of the first screen: disabled until the island's own replaces it, drawn as an enabled one (booking.css). */
const UNTIL_READY = { disabled: true, 'data-until-ready': true };
/** A chip (a radio or a checkbox in its label): inert until then, as a disabled one would be drawn grey. */
const CHIP_UNTIL_READY = { inert: true };

function money(amount: number, currency: string, language: string, className: string | null, testId: string) {
  return h('span', { className, 'data-testid': testId, 'data-amount': amount, 'data-currency': currency }, formatMoney(toMinor(amount, currency), currency, language));
}

/** A card as SearchResults' ResultCard draws it, its photo as CardPhoto draws it. */
function card(p: ProductItem, c: Criteria, language: string, showPrices: boolean, first: boolean) {
  const href = detailsUrl(c, p.product_id);
  // A link focused here is focused again in the island when it takes over (src/directives/interaction.ts).
  const at = `[data-testid="result"][data-product-id="${p.product_id}"]`;
  const facts = cardFacts(t, language, p);
  const srcset = p.image ? photoSrcset(p.image) : '';
  const photo = p.image
    ? h('img', {
        className: 'bk-item__img', src: p.image, srcset: srcset || null, sizes: srcset ? RESULT_CARD_SIZES : null, alt: '',
        width: 320, height: 200, loading: first ? 'eager' : 'lazy', fetchpriority: first ? 'high' : 'auto', decoding: first ? 'sync' : 'async',
      })
    : h('span', { className: 'card-photo--empty bk-item__img', 'aria-hidden': 'true' });
  const price = showPrices
    ? [
        money(p.price, p.currency, language, 'price', 'price'),
        h('span', { className: 'muted small' }, facts.unit),
        p.total_price !== p.price ? h('span', { className: 'small' }, `${t('bk_total')} `, money(p.total_price, p.currency, language, null, 'total')) : null,
      ]
    : [h('span', { className: 'muted small' }, t('bk_price_at_checkout'))];
  return h(
    'li',
    { className: 'card bk-item', 'data-testid': 'result', 'data-product-id': p.product_id },
    photo,
    h(
      'div',
      { className: 'bk-item__body' },
      h('h3', { className: 'bk-item__name' }, h('a', { href, 'data-stand-in': `${at} .bk-item__name a` }, p.name)),
      h('p', { className: 'muted small', 'data-testid': 'result-place' }, facts.place),
      h('p', { className: 'bk-rating small', 'aria-label': facts.ratingName }, `★ ${facts.rating}`),
      facts.freeCancellation ? h('p', { className: 'small bk-item__free', 'data-testid': 'result-free-cancellation' }, t('bk_free_cancellation_badge')) : null,
      h('p', { className: 'bk-item__summary' }, p.summary),
    ),
    h('div', { className: 'bk-item__price' }, ...price, h('a', { className: 'btn btn-primary btn-sm', href, 'aria-label': facts.viewName, 'data-stand-in': `${at} .bk-item__price a` }, t('bk_view'))),
  );
}

function filters(c: Criteria, results: ResultPage, language: string, currency: string) {
  const field = (id: string, label: string, control: Node) => h('div', { className: 'field' }, h('label', { for: id }, label), control);
  const price = (id: string, value: string) =>
    h('input', { id, className: 'input bk-price-input', type: 'number', min: 0, step: 'any', inputmode: 'decimal', value, ...UNTIL_READY });
  const facets = results.facets;
  return h(
    'form',
    { className: 'bk-results__filters cluster', 'aria-label': t('bk_filters') },
    field('results-first-sort', t('bk_sort'), h('select', { id: 'results-first-sort', className: 'select', ...UNTIL_READY }, ...sortOptions(t, c, results).map((o) => h('option', { value: o.value, selected: o.value === c.sort }, o.text)))),
    field('results-first-min', t('bk_min_price', { currency }), price('results-first-min', c.minPrice)),
    field(
      'results-first-max',
      t('bk_max_price', { currency }),
      h('div', { className: 'input-group' }, price('results-first-max', c.maxPrice), h('button', { type: 'submit', className: 'btn', ...UNTIL_READY }, t('bk_apply'))),
    ),
    facets
      ? h(
          'fieldset',
          { className: 'bk-stars' },
          h('legend', {}, t('bk_stars')),
          h(
            'div',
            { className: 'cluster' },
            ...ratingChoices(t, language, facets).map((r) =>
              h('label', { className: 'bk-chip', ...CHIP_UNTIL_READY }, h('input', { type: 'radio', name: 'results-first-stars', checked: c.minRating === r.value }), r.text),
            ),
          ),
        )
      : null,
    facets && facets.free_cancellation !== undefined
      ? h(
          'label',
          { className: 'bk-chip bk-free-filter', ...CHIP_UNTIL_READY },
          h('input', { type: 'checkbox', checked: c.freeCancellation === '1', 'data-testid': 'free-cancellation' }),
          t('bk_free_cancellation_filter', { n: facets.free_cancellation }),
        )
      : null,
  );
}

function pager(c: Criteria, pages: number) {
  const button = (text: string, attrs: Record<string, string | boolean | undefined>) =>
    h('button', { type: 'button', className: 'btn btn-sm', ...attrs, ...(attrs.disabled ? {} : UNTIL_READY) }, text);
  return h(
    'nav',
    { className: 'bk-pages', 'aria-label': t('bk_pages') },
    button(t('bk_previous_page'), { disabled: c.page <= 1 }),
    h(
      'ul',
      { className: 'cluster', role: 'list' },
      ...Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
        h('li', {}, button(String(n), { className: `btn btn-sm${n === c.page ? ' btn-primary' : ''}`, 'aria-current': n === c.page ? 'page' : undefined, 'aria-label': t('bk_page_n', { n }) })),
      ),
    ),
    button(t('bk_next_page'), { disabled: c.page >= pages }),
  );
}

/** The results section for a first answer with results, as the island draws it once that answer is in. */
export function firstScreen(c: Criteria, results: ResultPage, { language, currency, showPrices }: { language: string; currency: string; showPrices: boolean }) {
  const pages = pageCount(results);
  return h(
    'section',
    { className: 'bk-results', 'aria-labelledby': 'results-first-title', 'aria-busy': 'false', 'data-first-screen': true },
    h(
      'div',
      { className: 'bk-results__head' },
      h('h2', { id: 'results-first-title', tabindex: -1, className: 'bk-results__title', 'data-testid': 'results-title' }, resultsTitle(t, c, results)),
      filters(c, results, language, currency),
    ),
    h('ol', { className: 'bk-list', 'data-testid': 'results' }, ...results.data.map((p, i) => card(p, c, language, showPrices, i < 2))),
    pages > 1 ? pager(c, pages) : null,
  );
}
