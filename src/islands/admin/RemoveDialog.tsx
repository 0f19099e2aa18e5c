// Asks before removing something (a room type, a rate plan, a supplier's connection); a refusal (bookings still to come:
// 409) is explained in the dialog. `action` names the button that removes (by default "Remove").
import { useState } from 'react';
import Dialog from '../ui/Dialog';
import { consoleMessage } from './useConsoleForm';
import { useT } from '../../stores/locale';

export default function RemoveDialog({ title, text, action, onClose, onRemove }: { title: string; text: string; action?: string; onClose: () => void; onRemove: () => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function remove() {
    setBusy(true);
    setError('');
    try {
      await onRemove();
    } catch (err) {
      setError(consoleMessage(t, err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <p id="remove-text">{text}</p>
      {error ? (
        <p className="alert alert-error" role="alert" data-testid="remove-error">
          {error}
        </p>
      ) : null}
      <div className="console-actions">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()} aria-describedby="remove-text">
          {action ?? t('inv_remove')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
          {t('admin_cancel')}
        </button>
      </div>
    </Dialog>
  );
}
