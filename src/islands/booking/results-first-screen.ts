// A results page's first screen drawn without React (docs/decisions/0048-results-first-screen.md): the island's own
// section (SearchResults.tsx), drawn from the search's first answer in the same elements and classes, with the words of
// src/shared/render/results-view.ts, so the photographs and prices are on screen before React has loaded and React's
// first render, which replaces it, moves nothing. The links work as they are; the filters' controls are disabled until
// the island's own take their place (a filter needs the island; the star and cancellation chips are inert instead, as
// disabled ones are drawn grey), which a person meets only in the moment React takes to arrive.
// This module draws it into the page's DOM; the renderer is src/shared/render/first-screen-view.ts.
import { h } from '../ui/dom';
import { t } from '../../stores/labels';
import { firstScreenView, type Draw } from '../../shared/render/first-screen-view';

const raw = (markup: string) => document.createRange().createContextualFragment(markup);

export const { firstScreen, searchBoxStandIn } = firstScreenView<Node>({ h: h as unknown as Draw<Node>['h'], raw, t });
