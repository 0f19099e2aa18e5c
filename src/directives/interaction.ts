// `client:interaction`: an island that hydrates when a person first acts on it (docs/decisions/0039-page-weight-by-interaction.md).
//
// Until then the island shows what the server rendered: a stand-in (the island's `children`, an Astro component with the
// same fields, labels translated at the edge) that the page's own small script may fill in (the account menu's signed-in
// state). The first pointerdown, focusin or keydown inside it loads the island's code and React; the island then
// renders afresh in place of the stand-in (the renderer's client-only path: nothing of the stand-in is hydrated), and
// what the person did meanwhile is carried over to the same control of the real island: the focus (if they are still
// there), their clicks and action keys in the order they made them, and the text typed into a field. Controls are
// matched by `data-testid`, else by `data-stand-in` (the stand-in names the control it stands for), else by `name`.
//
// `client:interaction="any"`: an island that also hydrates with the first island of the page a person touches (the
// dialog host, which has nothing to touch; the header's buttons, whose menus open each other's dialog), or when the page
// asks (`<html data-interaction="wanted">` and a `tc:interaction` event: the deferred shell does both when a dialog is
// wanted).
import type { ClientDirective } from 'astro';

/** What a person did on a stand-in that the real island must do too, in order: a click, or an action key. */
type Act = { kind: 'click'; target: string | null; byPointer: boolean } | { kind: 'key'; target: string | null; key: string; code: string; shiftKey: boolean };

const INTERACTION_EVENT = 'tc:interaction';
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;
const EVENTS = [...TRIGGERS, 'focusout', 'pointerup', 'click', 'submit', 'input'] as const;
/** Keys whose default action on a stand-in (a button's click, a page scroll) waits for the real island. */
const ACTION_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Escape', 'Home', 'End']);

/** The selector that finds, in the real island, the control a stand-in element stands for. */
function keyOf(target: Element, island: HTMLElement): string | null {
  for (let el: Element | null = target; el && el !== island; el = el.parentElement) {
    const testId = el.getAttribute('data-testid');
    if (testId) return `[data-testid="${CSS.escape(testId)}"]`;
    const standIn = el.getAttribute('data-stand-in');
    if (standIn) return standIn;
    const name = el.getAttribute('name');
    if (name && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement)) return `[name="${CSS.escape(name)}"]`;
  }
  return null;
}

/** A link works without its island (a results card's): what is done on it is the browser's, neither held nor replayed. */
const onLink = (event: Event) => event.target instanceof Element && event.target.closest('a[href]') !== null;

/** A field a person types text into, where Space is a character rather than a press: a textarea, an input of text. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);
const editsText = (target: EventTarget | null) => target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type));
/** A key whose default action waits for the real island (Space typed into a field is text, and types). */
const isAction = (event: KeyboardEvent) => ACTION_KEYS.has(event.key) && !(event.key === ' ' && editsText(event.target));

/** The stand-in's own default actions wait for the real island: a click, a form's submit, an action key. */
function holdDefault(event: Event) {
  if (onLink(event)) return;
  if (event.type === 'click' || event.type === 'submit') {
    event.preventDefault();
    event.stopPropagation();
  } else if (event instanceof KeyboardEvent && event.type === 'keydown' && isAction(event)) event.preventDefault();
}

/**
 * Resolves once the real island has replaced the stand-in: React's first commit empties the island and draws its own.
 * There is no time limit: carrying the person's acts over to a stand-in that is about to vanish would lose them.
 */
function replaced(island: HTMLElement, standIn: Set<Element>): Promise<void> {
  const gone = () => ![...standIn].some((child) => child.parentNode === island);
  if (gone()) return Promise.resolve();
  return new Promise((done) => {
    const observer = new MutationObserver(() => {
      if (!gone()) return;
      observer.disconnect();
      done();
    });
    observer.observe(island, { childList: true });
  });
}

/**
 * React handles an event's updates in a microtask and runs their effects (a menu focusing its first item) at the end of
 * that commit: the next act waits for it, without yielding to the browser, so no real event comes in between.
 */
async function afterReact() {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}

/**
 * What a person did on an island that waits for a person before its directive is attached (that waits for the island's
 * labels): Astro inlines this module before the first such island, so these listeners are there from the start; each
 * directive then takes the events made in its island, in order, as if it had been listening.
 */
const early: Event[] = [];
for (const type of EVENTS) {
  document.addEventListener(
    type,
    (event) => {
      const island = event.target instanceof Element ? event.target.closest('astro-island[client="interaction"]') : null;
      if (!island || island.hasAttribute('data-listening')) return;
      holdDefault(event);
      early.push(event);
    },
    true,
  );
}

const waiting = new Set<() => void>();
let anyStarted = false;
function startAll() {
  anyStarted = true;
  for (const start of [...waiting]) start();
}

const interaction: ClientDirective = (load, options, el) => {
  const followsPage = options.value === 'any';
  let started = false;
  /** The control the person last touched or focused. */
  let target: string | null = null;
  /** Whether the person's focus is in the stand-in (the focus goes to the real control only then). */
  let inside = false;
  const acts: Act[] = [];
  const typed = new Map<string, string>();
  /** The control a pointer is pressing, until it is released. */
  let pressing: string | null = null;

  const onEvent = (event: Event) => {
    if ((event.type === 'click' || event.type === 'keydown') && onLink(event)) return void start();
    const from = event.target instanceof Element ? event.target : null;
    const key = from ? keyOf(from, el) : null;
    holdDefault(event);
    if (event.type === 'focusin') {
      target = key ?? target;
      inside = true;
    } else if (event.type === 'focusout' && event instanceof FocusEvent) {
      const to = event.relatedTarget;
      // Focus going nowhere is either the person leaving (a click on the page) or the stand-in removed under it (the
      // island's commit): only the first leaves the stand-in.
      if (to instanceof Node) inside = el.contains(to);
      else {
        queueMicrotask(() => {
          if (from?.isConnected && !el.contains(document.activeElement)) inside = false;
        });
      }
    } else if (event.type === 'pointerdown') {
      target = key ?? target;
      pressing = key;
    } else if (event.type === 'pointerup') {
      pressing = null;
      // A press released on a button is its click, even when the stand-in's button was redrawn under the pointer: the
      // browser then sends no click, and the person's press would open nothing.
      if (from?.closest('button')) {
        target = key ?? target;
        acts.push({ kind: 'click', target, byPointer: true });
      }
    } else if (event.type === 'click' && event instanceof MouseEvent) {
      target = key ?? target;
      const last = acts.at(-1);
      // Counted already: the pointer's press (above), or the key that makes a button's click (Enter, Space).
      const counted = last?.target === target && (event.detail > 0 ? last.kind === 'click' && last.byPointer : last.kind === 'key');
      if (!counted) acts.push({ kind: 'click', target, byPointer: event.detail > 0 });
    } else if (event instanceof KeyboardEvent && event.type === 'keydown') {
      target = key ?? target;
      if (isAction(event)) acts.push({ kind: 'key', target, key: event.key, code: event.code, shiftKey: event.shiftKey });
    } else if (event.type === 'input' && (from instanceof HTMLInputElement || from instanceof HTMLTextAreaElement) && key) {
      typed.set(key, from.value);
    }
    if (TRIGGERS.some((type) => type === event.type) || event.type === 'click') void start();
  };
  for (const type of EVENTS) el.addEventListener(type, onEvent, true);
  el.setAttribute('data-listening', '');

  async function start() {
    if (started) return;
    started = true;
    waiting.delete(start);
    startAll();
    const standIn = new Set(el.children);
    // Text already in the stand-in's fields (typed before this island's directive was attached, or while loading).
    for (const field of el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      const key = keyOf(field, el);
      if (key && field.type !== 'radio' && field.type !== 'checkbox' && field.value !== field.defaultValue) typed.set(key, field.value);
    }
    const hydrate = await load();
    // The stand-in is not the island's own render: the renderer mounts the island afresh in its place.
    el.setAttribute('client', 'only');
    await hydrate();
    await replaced(el, standIn);
    // From here on the island is live: what the person does reaches it directly. The replay below runs in this same task
    // (microtasks only), so nothing the person does can come between the stand-in's removal and the replay.
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
    if (pressing) releaseOnIsland(pressing);
    await replay();
  }

  /**
   * A press begun on the stand-in and released on the real island: the browser sends no click (the element pressed is
   * gone), so the release on the same control is its click. A click the browser might still send is not counted twice.
   */
  function releaseOnIsland(pressed: string) {
    const onRelease = (event: Event) => {
      document.removeEventListener('pointerup', onRelease, true);
      const control = el.querySelector<HTMLElement>(pressed);
      if (!control || !(event.target instanceof Node) || !control.contains(event.target)) return;
      control.click();
      const onNativeClick = (click: Event) => {
        if (!click.isTrusted || !(click.target instanceof Node) || !control.contains(click.target)) return;
        click.preventDefault();
        click.stopPropagation();
      };
      document.addEventListener('click', onNativeClick, true);
      setTimeout(() => document.removeEventListener('click', onNativeClick, true));
    };
    document.addEventListener('pointerup', onRelease, true);
  }

  async function replay() {
    for (const [key, value] of typed) {
      const field = el.querySelector(key);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !value) continue;
      // React reads a field's value through its own setter: set it as the browser would, then say so.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const focusLost = () => document.activeElement === document.body || document.activeElement === null;
    // The person is still here: the focus, lost with the stand-in, goes to the control they were on.
    if (target && inside && (focusLost() || el.contains(document.activeElement))) {
      el.querySelector<HTMLElement>(target)?.focus();
    }
    let placed: Element | null = null;
    for (const act of acts) {
      const control = act.target ? el.querySelector<HTMLElement>(act.target) : null;
      const active = document.activeElement;
      // A key goes where the focus is: to the control it was pressed on, unless the island moved the focus in answer to
      // the previous act (Enter opened the menu and focused its first item: the next Enter is that item's).
      const moved: boolean = placed !== null && active !== placed && !focusLost() && active instanceof HTMLElement;
      const to: HTMLElement | null = act.kind === 'key' && moved ? (active as HTMLElement) : control;
      if (!to) continue;
      if (to === control && active !== control) to.focus();
      if (act.kind === 'click') to.click();
      else pressKey(to, act);
      await afterReact();
      placed = to;
    }
  }

  /** A key as the browser would handle it on that control: a button's Enter or Space is its click, a field's Enter submits its form. */
  function pressKey(control: HTMLElement, act: Extract<Act, { kind: 'key' }>) {
    const down = new KeyboardEvent('keydown', { key: act.key, code: act.code, shiftKey: act.shiftKey, bubbles: true, cancelable: true });
    if (!control.dispatchEvent(down)) return;
    if (control instanceof HTMLButtonElement && (act.key === 'Enter' || act.key === ' ')) control.click();
    else if (control instanceof HTMLInputElement && act.key === 'Enter' && control.form) control.form.requestSubmit();
  }

  // The directive is attached once the island's before-hydration script has run (the labels it awaits): what the person
  // did in the island by then was kept for it.
  const before = early.filter((e) => e.target instanceof Node && el.contains(e.target));
  for (const event of before) {
    early.splice(early.indexOf(event), 1);
    onEvent(event);
  }
  if (before.length === 0 && el.contains(document.activeElement)) {
    target = keyOf(document.activeElement!, el);
    inside = true;
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
