// Which dialog is open. Islands call openDialog(); DialogHost loads the dialog's code only when it opens.
import { atom } from 'nanostores';

export type DialogName = 'signin' | 'signup' | 'forgot';
export const $dialog = atom<DialogName | null>(null);
export const openDialog = (name: DialogName) => $dialog.set(name);
export const closeDialog = () => $dialog.set(null);

/** The dialog a page's address asks for on arrival: `?signup=1` sign-up, `?action=login` sign-in. */
export function dialogFromQuery(search: string): DialogName | null {
  const q = new URLSearchParams(search);
  if (q.get('signup') === '1') return 'signup';
  if (q.get('action') === 'login') return 'signin';
  return null;
}
