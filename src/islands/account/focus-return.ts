// Where focus goes back when a dialog closes: what had focus before it opened, or, when that sat in a popup that
// has closed since (a menu item), the control that opened the popup (the element whose aria-controls names it).

let lastOutsideDialogs: HTMLElement | null = null;
let tracking = false;

/** Remembers the last focused element outside any dialog (DialogHost starts it on every page). */
export function trackFocus() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (el instanceof HTMLElement && !el.closest('[role="dialog"]')) lastOutsideDialogs = el;
  });
}

/** The element to return to, taken when a dialog opens. */
export function focusReturnTarget(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]')) return active;
  return lastOutsideDialogs;
}

const isShown = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0;

export function restoreFocus(target: HTMLElement | null) {
  if (!target?.isConnected) return;
  if (isShown(target)) return target.focus();
  for (let node: HTMLElement | null = target; node; node = node.parentElement) {
    if (!node.id) continue;
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(node.id)}"]`);
    if (trigger && isShown(trigger)) return trigger.focus();
  }
}
