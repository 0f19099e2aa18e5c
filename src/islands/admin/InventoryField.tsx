// One labelled field of the console's inventory forms: its label, the control, an optional hint and its message.
import type { ReactNode } from 'react';

export default function InventoryField({ prefix, name, label, hint, error, children }: { prefix: string; name: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-${name}`}>{label}</label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${prefix}-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field-error" id={`${prefix}-${name}-error`} data-testid={`error-${prefix}-${name}`}>
        {error ?? ''}
      </p>
    </div>
  );
}
