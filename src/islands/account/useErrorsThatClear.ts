// A field's error clears as soon as its value is valid, not at the next submit: after each change of the form's
// values, the fields that changed are checked again by the form's own rule.
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { errorsAfterChange } from './signup-logic';

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

export function useErrorsThatClear<E extends Partial<Record<string, string>>>(
  values: Record<string, unknown> | null,
  check: (values: Record<string, unknown>) => Issues,
  setErrors: Dispatch<SetStateAction<E>>,
  /** Fields whose rule reads another field (a confirmation): checked again whenever anything changed. */
  linked: readonly string[] = [],
) {
  const previous = useRef(values);
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    if (!values || !before) return;
    const changed = Object.keys(values).filter((k) => !Object.is(values[k], before[k]));
    if (changed.length === 0) return;
    setErrors((errors) => (Object.keys(errors).length === 0 ? errors : errorsAfterChange(errors, check(values), [...changed, ...linked])));
  }, [values]);
}
