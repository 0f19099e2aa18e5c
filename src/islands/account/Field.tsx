// A labelled form field with its hint and inline error; fieldA11y() wires the input to them.
import type { ReactNode } from 'react';

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** aria attributes of the control inside a Field. */
export function fieldA11y(id: string, error?: string, hint?: boolean) {
  const describedBy = [error ? errorId(id) : '', hint ? hintId(id) : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy || undefined };
}

interface Props {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Appended to the label, e.g. "(optional)". */
  note?: ReactNode;
  className?: string;
  /** For controls that label themselves (a group): render the label as a plain element. */
  labelAs?: 'label' | 'span';
  labelId?: string;
  children: ReactNode;
}

export default function Field({ id, label, error, hint, note, className, labelAs = 'label', labelId, children }: Props) {
  return (
    <div className={`field ${className ?? ''}`}>
      {labelAs === 'label' ? (
        <label htmlFor={id} id={labelId}>
          {label}
          {note ? <span className="field-note"> {note}</span> : null}
        </label>
      ) : (
        <span className="field-label" id={labelId}>
          {label}
          {note ? <span className="field-note"> {note}</span> : null}
        </span>
      )}
      {children}
      {hint ? (
        <p className="field-hint" id={hintId(id)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId(id)} data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
