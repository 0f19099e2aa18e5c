// Focus to a form's first invalid field once React has drawn what marks it (aria-invalid and its message). Asking in
// the same update as the errors puts the focus after that update's commit: a timer or an animation frame could run
// before it on a busy machine (an update made after an await is scheduled, not drawn at once), and find no field.
import { useCallback, useLayoutEffect, useState } from 'react';

/** Returns `focusInvalid()`: call it with the update that sets the errors; `root` is where the fields are. */
export function useFocusInvalid(root: () => { querySelector(selectors: string): Element | null } | null | undefined): () => void {
  const [asked, setAsked] = useState(0);
  useLayoutEffect(() => {
    if (asked) (root()?.querySelector('[aria-invalid="true"]') as HTMLElement | null | undefined)?.focus();
    // Only a new ask moves the focus (`root` is a new function at each render).
  }, [asked]);
  return useCallback(() => setAsked((n) => n + 1), []);
}
