// /admin/access-codes: create a code with an expiry and a use limit, see who used each one and when, revoke one.
// Codes are stored as HMACs (docs/decisions/0020-org-console.md), so the list names them by a hint and revoking asks
// for the code itself, which also makes the revoke deliberate.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { AccessCodeCreateSchema, type AccessCodeEntry } from '../../shared/contract/console';
import { dateFormat } from '../../shared/rules/format-day';
import { createAccessCode, loadAccessCodes, revokeAccessCode } from '../../stores/console';
import { $language, useT } from '../../stores/locale';
import Dialog from '../ui/Dialog';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, fieldText, useConsoleForm } from './useConsoleForm';

type Values = { code: string; label?: string; expires_at?: string; max_uses?: number };

/** The hint the API shows for a code (its first and last two characters), to check a typed code before sending it. */
const hintOf = (code: string) => {
  const c = code.trim().toUpperCase();
  return `${c.slice(0, 2)}…${c.slice(-2)}`;
};

function CreateForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const t = useT();
  const form = useConsoleForm(AccessCodeCreateSchema, { code: '' });
  const [done, setDone] = useState('');
  const v = form.values as Values;
  const error = (name: string) => (form.errors[name] ? fieldText(t, form.errors[name]!) : '');
  const aria = (name: string, hint = false) => ({
    id: `code-${name}`,
    'aria-invalid': form.errors[name] ? ('true' as const) : undefined,
    'aria-describedby': `${hint ? `code-${name}-hint ` : ''}code-${name}-error`,
    onBlur: () => form.blur(name),
  });
  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    let hint = '';
    const ok = await form.submit(async (input) => (hint = (await createAccessCode(input)).hint));
    if (ok) {
      form.setValues({ code: '' });
      setDone(t('admin_codes_created', { hint }));
      await onCreated();
    }
  }
  const field = (name: keyof Values, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`code-${name}`}>{label}</label>
      {input}
      {hint && <p className="field-hint" id={`code-${name}-hint`}>{hint}</p>}
      <p className="field-error" id={`code-${name}-error`}>{error(name)}</p>
    </div>
  );
  return (
    <form className="console-form console-group" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="code-create-heading">
      <h2 id="code-create-heading">{t('admin_codes_create')}</h2>
      <div className="console-grid">
        {field(
          'code',
          t('admin_codes_code'),
          <input className="input" {...aria('code', true)} autoComplete="off" spellCheck={false} value={v.code} onChange={(e) => form.set('code', e.target.value)} />,
          t('admin_codes_code_hint'),
        )}
        {field('label', t('admin_codes_label'), <input className="input" {...aria('label')} value={v.label ?? ''} onChange={(e) => form.set('label', e.target.value || undefined)} />)}
        {field(
          'expires_at',
          t('admin_codes_expires'),
          <input className="input" {...aria('expires_at', true)} type="date" value={v.expires_at ?? ''} onChange={(e) => form.set('expires_at', e.target.value || undefined)} />,
          t('admin_codes_expires_hint'),
        )}
        {field(
          'max_uses',
          t('admin_codes_max_uses'),
          <input className="input"
            {...aria('max_uses')}
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            value={v.max_uses ?? ''}
            onChange={(e) => form.set('max_uses', e.target.value === '' ? undefined : Number(e.target.value))}
          />,
        )}
      </div>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
          {t('admin_codes_create_button')}
        </button>
        <p className={`console-status${form.state === 'failed' ? ' is-failed' : ' is-saved'}`} role="status">
          {form.state === 'failed' ? form.message : done}
        </p>
      </div>
    </form>
  );
}

function RevokeDialog({ entry, onClose, onRevoked }: { entry: AccessCodeEntry; onClose: () => void; onRevoked: (hint: string) => Promise<void> }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (hintOf(code) !== entry.hint || code.trim().length < 4) return setError(t('admin_codes_revoke_mismatch', { hint: entry.hint }));
    setBusy(true);
    try {
      await revokeAccessCode(code);
      await onRevoked(entry.hint);
    } catch (err) {
      setError(consoleMessage(t, err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('admin_codes_revoke_title', { hint: entry.hint })} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p id="revoke-text">{t('admin_codes_revoke_text')}</p>
        <div className="field">
          <label htmlFor="revoke-code">{t('admin_codes_code')}</label>
          <input className="input"
            id="revoke-code"
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            value={code}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby="revoke-text revoke-code-error"
            onChange={(e) => (setCode(e.target.value), setError(''))}
          />
          <p className="field-error" id="revoke-code-error">{error}</p>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {t('admin_codes_revoke_button')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Uses({ entry }: { entry: AccessCodeEntry }) {
  const t = useT();
  const language = useStore($language);
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  if (entry.used_by.length === 0) return <p className="console-muted">{t('admin_codes_no_uses')}</p>;
  return (
    <ul className="console-uses" aria-label={t('admin_codes_uses_title')}>
      {entry.used_by.map((u, i) => (
        <li key={`${u.email}-${i}`} className="console-break">
          {u.email} · <time dateTime={u.at}>{when.format(new Date(u.at))}</time>
        </li>
      ))}
    </ul>
  );
}

function CodeList({ version, onRevoked }: { version: number; onRevoked: (hint: string) => void }) {
  const t = useT();
  const language = useStore($language);
  const loaded = useConsoleLoad(loadAccessCodes, version);
  const [open, setOpen] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessCodeEntry | null>(null);
  const day = dateFormat(language, { dateStyle: 'medium' });
  const status = (c: AccessCodeEntry) =>
    c.expires_at && Date.parse(c.expires_at) <= Date.now() ? t('admin_codes_expired') : c.max_uses !== null && c.uses >= c.max_uses ? t('admin_codes_used_up') : '';
  return (
    <section className="console-form" aria-labelledby="codes-heading">
      <h2 id="codes-heading">{t('admin_codes_list')}</h2>
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.length === 0 && <p className="console-muted">{t('admin_codes_none')}</p>}
      {loaded.data && loaded.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack" data-testid="access-codes">
            <thead>
              <tr>
                <th scope="col">{t('admin_codes_code')}</th>
                <th scope="col">{t('admin_codes_col_label')}</th>
                <th scope="col">{t('admin_codes_col_expires')}</th>
                <th scope="col" className="num">{t('admin_codes_col_uses')}</th>
                <th scope="col">{t('admin_codes_col_created')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((c) => (
                <tr key={`${c.hint}-${c.created_at}`} data-testid="access-code" data-hint={c.hint}>
                  <th scope="row">
                    <code>{c.hint}</code> {status(c) && <span className="badge">{status(c)}</span>}
                  </th>
                  <td data-label={t('admin_codes_col_label')} className="console-break">{c.label || '—'}</td>
                  <td data-label={t('admin_codes_col_expires')}>
                    {c.expires_at ? <time dateTime={c.expires_at}>{day.format(new Date(c.expires_at))}</time> : t('admin_codes_never')}
                  </td>
                  <td data-label={t('admin_codes_col_uses')} className="num">
                    {c.max_uses === null ? c.uses : t('admin_codes_uses_of', { n: c.uses, max: c.max_uses })}
                  </td>
                  <td data-label={t('admin_codes_col_created')}>
                    <time dateTime={c.created_at}>{day.format(new Date(c.created_at))}</time>
                  </td>
                  <td className="agent-actions">
                    <div className="console-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-secondary"
                        aria-expanded={open === c.hint}
                        aria-controls={`uses-${c.created_at}`}
                        onClick={() => setOpen(open === c.hint ? null : c.hint)}
                      >
                        {t('admin_codes_show_uses', { hint: c.hint })}
                      </button>
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => setRevoking(c)}>
                        {t('admin_codes_revoke', { hint: c.hint })}
                      </button>
                    </div>
                    <div id={`uses-${c.created_at}`} hidden={open !== c.hint}>
                      {open === c.hint && <Uses entry={c} />}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <RevokeDialog
          entry={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={async (hint) => {
            setRevoking(null);
            onRevoked(hint);
          }}
        />
      )}
    </section>
  );
}

function AccessCodes() {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState('');
  return (
    <>
      <p className="console-muted">{t('admin_codes_intro')}</p>
      <CreateForm onCreated={async () => setVersion((n) => n + 1)} />
      <p className="console-status is-saved" role="status" data-testid="codes-message">
        {message}
      </p>
      <CodeList
        version={version}
        onRevoked={(hint) => {
          setMessage(t('admin_codes_revoked', { hint }));
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}

export default function AccessCodesPage() {
  return (
    <ConsoleGate section="admin">
      <AccessCodes />
    </ConsoleGate>
  );
}
