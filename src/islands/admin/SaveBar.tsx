// A console form's save button and what became of the last save, announced to screen readers.
import { useT } from '../../stores/locale';
import type { SaveState } from './useConsoleForm';

export default function SaveBar({ state, message, label }: { state: SaveState; message: string; label?: string }) {
  const t = useT();
  return (
    <div className="console-actions">
      <button type="submit" className="btn btn-primary" disabled={state === 'saving'} aria-busy={state === 'saving'}>
        {state === 'saving' ? t('admin_saving') : (label ?? t('admin_save'))}
      </button>
      <p className={`console-status is-${state}`} role="status" data-testid="console-status">
        {state === 'saving' ? '' : message}
      </p>
    </div>
  );
}
