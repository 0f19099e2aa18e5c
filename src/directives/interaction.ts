// `client:interaction`: an island that hydrates when a person first acts on it (docs/decisions/0039-page-weight-by-interaction.md).
//
// Until then the island shows what the server rendered: a stand-in (the island's `children`, an Astro component with the
// same fields, labels translated at the edge) that the page's own small script may fill in (the account menu's signed-in
// state). The first pointerdown, focusin or keydown inside it loads the island's code and React; the island then
// renders afresh in place of the stand-in (the renderer's client-only path: nothing of the stand-in is hydrated), and
// what the person did meanwhile is carried over to the same control of the real island: the focus, a click, a key,
// and the text typed into a field. Controls are matched by `data-testid`, else by `data-stand-in` (the stand-in names
// the control it stands for), else by `name`.
//
// `client:interaction="any"`: an island that also hydrates with the first island of the page a person touches (the
// dialog host, which has nothing to touch; the header's buttons, whose menus open each other's dialog), or when the page
// asks (`<html data-interaction="wanted">` and a `tc:interaction` event: the deferred shell does both when a dialog is
// wanted).
import type { ClientDirective } from 'astro';

type Intent = { kind: 'focus' } | { kind: 'click' } | { kind: 'key'; key: string; code: string; shiftKey: boolean };

const INTERACTION_EVENT = 'tc:interaction';
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;
/** Keys whose default action on a stand-in (a button's click, a page scroll) waits for the real island. */
const ACTION_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Escape', 'Home', 'End']);
const SETTLE_MS = 5_000;

/** The selector that finds, in the real island, the control a stand-in element stands for. */
function keyOf(target: Element, island: HTMLElement): string | null {
  for (let el: Element | null = target; el && el !== island; el = el.parentElement) {
    const testId = el.getAttribute('data-testid');
    if (testId) return `[data-testid="${CSS.escape(testId)}"]`;
    const standIn = el.getAttribute('data-stand-in');
    if (standIn) return standIn;
    const name = el.getAttribute('name');
    if (name && (el instanceof HTMLInputElement || el instanceof HTMLButtonElement)) return `[name="${CSS.escape(name)}"]`;
  }
  return null;
}

/** Resolves once the real island has replaced the stand-in (React commits after hydrate() resolves). */
function settled(island: HTMLElement, standIn: Set<Element>): Promise<void> {
  const replaced = () => island.childElementCount > 0 && ![...island.children].some((child) => standIn.has(child));
  if (replaced()) return Promise.resolve();
  return new Promise((done) => {
    const observer = new MutationObserver(() => {
      if (!replaced()) return;
      observer.disconnect();
      done();
    });
    observer.observe(island, { childList: true });
    setTimeout(() => {
      observer.disconnect();
      done();
    }, SETTLE_MS);
  });
}

/**
 * Clicks on an island that waits for a person, made before its directive is attached (that waits for the island's
 * labels): Astro inlines this module before the first such island, so this listener is there from the start, and each
 * directive carries over the clicks made in its island.
 */
const earlyClicks: Event[] = [];
document.addEventListener(
  'click',
  (e) => {
    // A pointer's click on a button (a key's click, detail 0, follows its keydown; a field keeps its own focus and text).
    const button = e instanceof MouseEvent && e.detail > 0 && e.target instanceof Element ? e.target.closest('button') : null;
    const island = button?.closest('astro-island[client="interaction"]');
    if (island && !island.hasAttribute('data-listening')) earlyClicks.push(e);
  },
  true,
);

const waiting = new Set<() => void>();
let anyStarted = false;
function startAll() {
  anyStarted = true;
  for (const start of [...waiting]) start();
}

const interaction: ClientDirective = (load, options, el) => {
  const followsPage = options.value === 'any';
  let started = false;
  let target: string | null = null;
  let intent: Intent | null = null;
  const typed = new Map<string, string>();

  const onEvent = (event: Event) => {
    const from = event.target instanceof Element ? event.target : null;
    const key = from ? keyOf(from, el) : null;
    if (event.type === 'focusin' || event.type === 'pointerdown') {
      target = key ?? target;
      intent ??= { kind: 'focus' };
    } else if (event.type === 'pointerup') {
      // A press released on a button is its click, even when the stand-in's button was redrawn under the pointer
      // (the signed-in name drawn in): the browser then sends no click, and the person's press would open nothing.
      if (from?.closest('button')) {
        target = key ?? target;
        intent = { kind: 'click' };
      }
    } else if (event.type === 'click' || event.type === 'submit') {
      // The stand-in does nothing itself: the real island's control gets the click once it is there.
      event.preventDefault();
      event.stopPropagation();
      if (event.type === 'click') {
        target = key ?? target;
        intent = { kind: 'click' };
      }
    } else if (event instanceof KeyboardEvent) {
      target = key ?? target;
      if (ACTION_KEYS.has(event.key) || event.key === 'Tab') {
        if (event.key !== 'Tab') event.preventDefault();
        if (event.key !== 'Tab') intent = { kind: 'key', key: event.key, code: event.code, shiftKey: event.shiftKey };
      }
    } else if (event.type === 'input' && from instanceof HTMLInputElement && key) {
      typed.set(key, from.value);
    }
    if (event.type !== 'input') start();
  };
  const EVENTS = [...TRIGGERS, 'pointerup', 'click', 'submit', 'input'];
  for (const type of EVENTS) el.addEventListener(type, onEvent, true);
  el.setAttribute('data-listening', '');

  async function start() {
    if (started) return;
    started = true;
    waiting.delete(start);
    startAll();
    const standIn = new Set(el.children);
    const hadFocus = el.contains(document.activeElement);
    // Text already in the stand-in's fields (typed before this island's directive was attached, or while loading).
    for (const field of el.querySelectorAll('input')) {
      const key = keyOf(field, el);
      if (key && field.type !== 'radio' && field.type !== 'checkbox' && field.value !== field.defaultValue) typed.set(key, field.value);
    }
    const hydrate = await load();
    // The stand-in is not the island's own render: the renderer mounts the island afresh in its place.
    el.setAttribute('client', 'only');
    await hydrate();
    await settled(el, standIn);
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
    replay(hadFocus);
  }

  function replay(hadFocus: boolean) {
    for (const [key, value] of typed) {
      const field = el.querySelector(key);
      if (!(field instanceof HTMLInputElement) || !value) continue;
      // React reads a field's value through its own setter: set it as the browser would, then say so.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const control = target ? el.querySelector<HTMLElement>(target) : null;
    if (!control) return;
    const focusLost = document.activeElement === document.body || document.activeElement === null;
    if (hadFocus || focusLost || intent) control.focus();
    if (intent?.kind === 'click') control.click();
    else if (intent?.kind === 'key') {
      const init = { key: intent.key, code: intent.code, shiftKey: intent.shiftKey, bubbles: true, cancelable: true };
      const down = new KeyboardEvent('keydown', init);
      // A button's Enter or Space is its click; a synthetic key press does not make one, so make it.
      if (control.dispatchEvent(down) && control instanceof HTMLButtonElement && (intent.key === 'Enter' || intent.key === ' ')) control.click();
    }
  }

  // The directive is attached once the island's before-hydration script has run (the labels it awaits): a person may
  // already have clicked the stand-in (earlyClicks) or be in it by then.
  const early = earlyClicks.filter((e) => e.target instanceof Node && el.contains(e.target));
  if (early.length > 0) for (const click of early) onEvent(click);
  else if (el.contains(document.activeElement)) {
    target = keyOf(document.activeElement!, el);
    intent = { kind: 'focus' };
    void start();
  }

  if (followsPage) {
    // The page may have asked before this island connected (its before-hydration script awaits the labels): it says so on <html>.
    if (anyStarted || document.documentElement.dataset.interaction === 'wanted') void start();
    else waiting.add(start);
    window.addEventListener(INTERACTION_EVENT, () => void start(), { once: true });
  }
};

export default interaction;
