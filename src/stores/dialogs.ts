// Which dialog is open. Islands call openDialog(); DialogHost loads the dialog's code only when it opens.
import { atom } from 'nanostores';

export type DialogName = 'signin' | 'signup' | 'forgot';
export const $dialog = atom<DialogName | null>(null);
export const openDialog = (name: DialogName) => $dialog.set(name);
export const closeDialog = () => $dialog.set(null);
