// Hosts the dialogs; each dialog's code is imported only when it is first opened, so pages ship none of it.
// `?signup=1` opens sign-up and `?action=login` opens sign-in when the page loads.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createPortal } from 'react-dom';
import { $dialog, dialogFromQuery, openDialog, type DialogName } from '../../stores/dialogs';
import { trackFocus } from '../account/focus-return';
import { loadLabelAreas } from '../../stores/locale';

/** A dialog's code and its area's labels, fetched side by side (the boot block carries the shell's labels only). */
const withAuthLabels = <T,>(code: Promise<T>) => Promise.all([code, loadLabelAreas(['auth'])]).then(([module]) => module);

const DIALOGS: Partial<Record<DialogName, LazyExoticComponent<ComponentType>>> = {
  signin: lazy(() => withAuthLabels(import('../account/SignInDialog'))),
  signup: lazy(() => withAuthLabels(import('../account/SignUpDialog'))),
  forgot: lazy(() => withAuthLabels(import('../account/ForgotPasswordDialog'))),
};

/** Shown while a dialog's code arrives (only the first time it opens). */
function Loading() {
  return createPortal(
    <div className="dialog-backdrop" aria-hidden="true" data-testid="dialog-loading">
      <span className="spinner" />
    </div>,
    document.body,
  );
}

export default function DialogHost() {
  const dialog = useStore($dialog);

  useEffect(() => {
    trackFocus();
    const wanted = dialogFromQuery(location.search);
    if (wanted && $dialog.get() === null) openDialog(wanted);
    document.documentElement.dataset.dialogHost = 'ready';
  }, []);

  const Current = dialog ? DIALOGS[dialog] : undefined;
  if (!Current) return null;
  return (
    <Suspense fallback={<Loading />}>
      <Current key={dialog} />
    </Suspense>
  );
}
