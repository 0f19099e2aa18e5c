// An accessible modal: role=dialog with a name, focus kept inside, the page behind made inert, focus returned on close.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusReturnTarget, restoreFocus } from '../account/focus-return';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** The visible heading; it also names the dialog. */
  title: ReactNode;
  subtitle?: ReactNode;
  onClose: () => void;
  closeLabel: string;
  /** Escape closes the dialog only when set; a click on the backdrop never does (the sign-in spec forbids both). */
  closeOnEscape?: boolean;
  /** Shown before the heading, e.g. a back arrow. */
  leading?: ReactNode;
  className?: string;
  children: ReactNode;
}

function focusableIn(root: HTMLElement) {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

export default function Dialog({ title, subtitle, onClose, closeLabel, closeOnEscape = false, leading, className, children }: DialogProps) {
  const titleId = useId();
  const subtitleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Before the browser paints: once the dialog can be seen it holds the focus, so a key pressed at once (Escape) reaches it.
  useLayoutEffect(() => {
    const opener = focusReturnTarget();
    const root = panel.current!.closest<HTMLElement>('.dlg-layer')!;
    // Everything else on the page is taken out of the tab order and the accessibility tree while the modal is open.
    const others = [...document.body.children].filter((el): el is HTMLElement => el !== root && el instanceof HTMLElement && !el.inert);
    for (const el of others) el.inert = true;
    document.body.classList.add('dlg-open');
    const first = panel.current!.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(panel.current!)[0] ?? panel.current!;
    first.focus();
    return () => {
      for (const el of others) el.inert = false;
      document.body.classList.remove('dlg-open');
      restoreFocus(opener);
    };
  }, []);

  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (closeOnEscape) onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = focusableIn(panel.current!);
    if (items.length === 0) return void e.preventDefault();
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === firstItem || document.activeElement === panel.current)) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && document.activeElement === lastItem) {
      e.preventDefault();
      firstItem.focus();
    }
  }

  return createPortal(
    <div className="dialog-backdrop dlg-layer" data-testid="dialog-backdrop">
      <div
        ref={panel}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          {leading}
          <h2 id={titleId} className="dialog-title">{title}</h2>
          <button type="button" className="dialog-close" aria-label={closeLabel} onClick={() => onCloseRef.current()} data-testid="dialog-close">
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {subtitle ? <p id={subtitleId} className="dialog-subtitle">{subtitle}</p> : null}
        <div className="dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
