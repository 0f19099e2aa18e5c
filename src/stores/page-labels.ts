// Astro runs this before any island of the page hydrates (astro.config.mjs): the label areas of the page's islands
// arrive first, so no island renders a blank label (docs/decisions/0008-page-weight.md).
import { areasForIslands } from '../shared/i18n/areas';
import { loadLabelAreas } from './labels';

/** The component name of an island from its built address (`/_astro/SearchBox.D3lF6RxE.js` → SearchBox). */
export const islandName = (componentUrl: string) => /\/([A-Za-z0-9]+)\.[\w-]+\.js$/.exec(componentUrl)?.[1] ?? /\/([A-Za-z0-9]+)\.tsx?$/.exec(componentUrl)?.[1] ?? '';

// The islands after the first are still being parsed: wait for the whole document before listing them.
if (document.readyState === 'loading') await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
const islands = [...document.querySelectorAll('astro-island[component-url]')].map((el) => islandName(el.getAttribute('component-url') ?? ''));
await loadLabelAreas(areasForIslands(islands));
