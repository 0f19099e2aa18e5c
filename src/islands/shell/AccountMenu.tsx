// The account menu in the header (menu button pattern): its entries depend on sign-in state and user type.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { accountMenuFor, type AccountMenuEntry } from '../../shared/rules/account-menu';
import { openDialog } from '../../stores/dialogs';
import { openLocaleDialog, useT } from '../../stores/locale';
import { $signedIn, $user, $userType, logout } from '../../stores/session';
import { runStartup } from '../../stores/startup';

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

export default function AccountMenu() {
  const t = useT();
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const userType = useStore($userType);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  useEffect(() => void runStartup(), []);

  const entries: AccountMenuEntry[] = signedIn === null ? [] : accountMenuFor(signedIn, userType);

  useEffect(() => {
    if (!open) return;
    const items = itemsRef.current.filter(Boolean) as HTMLElement[];
    if (pendingFocus.current === 'last') items[items.length - 1]?.focus();
    else items[0]?.focus();
    pendingFocus.current = null;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openMenu('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = itemsRef.current.filter(Boolean) as HTMLElement[];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return setOpen(false);
    else return;
    e.preventDefault();
  };

  const run = (entry: AccountMenuEntry) => {
    setOpen(false);
    if (entry.action === 'signin') openDialog('signin');
    else if (entry.action === 'language' || entry.action === 'currency') openLocaleDialog(entry.action);
    else if (entry.action === 'logout') {
      setLeaving(true);
      void logout();
    }
  };

  if (signedIn === null) return <span className="slot-placeholder" aria-hidden="true" />;

  const name = user?.username || t('account_menu');
  const buttonText = leaving ? t('loading') : signedIn ? name : t('menu_signin');
  itemsRef.current = [];

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('labelled', { label: t('account_menu') })} ${buttonText}`}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
        data-testid="account-menu-button"
      >
        <UserIcon />
        <span className="menu-button__text">{buttonText}</span>
      </button>
      <ul id={menuId} role="menu" aria-label={t('account_menu')} className="menu-list" hidden={!open} onKeyDown={onMenuKey}>
        {signedIn && user && (
          <li role="none" className="menu-heading">
            {t('account_menu_signed_in_as')}
            <strong>{user.email}</strong>
          </li>
        )}
        {entries.map((entry, index) => [
          index > 0 && entries[index - 1]!.group !== entry.group && (
            <li role="separator" className="menu-separator" key={`${entry.id}-sep`} />
          ),
          <li role="none" key={entry.id}>
            {entry.href ? (
              <a
                ref={(el) => void (itemsRef.current[index] = el)}
                role="menuitem"
                tabIndex={-1}
                className="menu-item"
                href={entry.href}
                data-entry={entry.id}
                onClick={() => setOpen(false)}
              >
                {t(entry.labelKey)}
              </a>
            ) : (
              <button
                ref={(el) => void (itemsRef.current[index] = el)}
                role="menuitem"
                tabIndex={-1}
                type="button"
                className="menu-item"
                data-entry={entry.id}
                onClick={() => run(entry)}
              >
                {t(entry.labelKey)}
              </button>
            )}
          </li>,
        ])}
      </ul>
    </div>
  );
}
