// /admin/invitations: invite someone by e-mail with a role (an agent with a credit limit), see each invitation as
// pending, accepted or lapsed with its dates in the page's language, and revoke one not accepted (docs/contract.md#invitations).
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { ROLES } from '../../shared/contract/auth-text';
import { InvitationCreateSchema, type InvitationEntry } from '../../shared/contract/invitations';
import { dateFormat } from '../../shared/rules/format-day';
import { createInvitation, loadInvitations, revokeInvitation } from '../../stores/invitations';
import { $language, useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import Dialog from '../ui/Dialog';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, useConsoleForm } from './useConsoleForm';

type Role = (typeof ROLES)[number];
type Values = { email: string; role: Role; credit_limit?: number };

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const t = useT();
  const form = useConsoleForm(InvitationCreateSchema, { email: '', role: 'agent', credit_limit: 0 } as Values);
  const [done, setDone] = useState('');
  const v = form.values as Values;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    let email = '';
    const ok = await form.submit(async (input) => (email = (await createInvitation(input)).email));
    if (ok) {
      form.setValues({ email: '', role: v.role, ...(v.role === 'agent' ? { credit_limit: 0 } : {}) });
      setDone(t('admin_invite_sent', { email }));
      onInvited();
    }
  }

  return (
    <form className="console-form console-group" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t('admin_invite_create')}</h2>
      <div className="console-grid">
        <Field id="invite-email" label={t('admin_invite_email')} error={form.errors.email}>
          <input
            className="input"
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...fieldA11y('invite-email', form.errors.email)}
            value={v.email}
            onChange={(e) => form.set('email', e.target.value)}
            onBlur={() => form.blur('email')}
          />
        </Field>
        <Field id="invite-role" label={t('admin_role')} error={form.errors.role}>
          <select
            className="select"
            {...fieldA11y('invite-role', form.errors.role)}
            value={v.role}
            onChange={(e) => {
              const role = e.target.value as Role;
              form.setValues({ email: v.email, role, ...(role === 'agent' ? { credit_limit: v.credit_limit ?? 0 } : {}) });
            }}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin_role_${r}`)}
              </option>
            ))}
          </select>
        </Field>
        {v.role === 'agent' && (
          <Field id="invite-credit" label={t('admin_credit_limit')} error={form.errors.credit_limit}>
            <input
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...fieldA11y('invite-credit', form.errors.credit_limit)}
              value={v.credit_limit !== undefined && Number.isFinite(v.credit_limit) ? v.credit_limit : ''}
              onChange={(e) => form.set('credit_limit', e.target.value === '' ? Number.NaN : Number(e.target.value))}
              onBlur={() => form.blur('credit_limit')}
            />
          </Field>
        )}
      </div>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'} aria-busy={form.state === 'saving'}>
          {t('admin_invite_send')}
        </button>
        <p className={`console-status${form.state === 'failed' ? ' is-failed' : ' is-saved'}`} role="status" data-testid="invite-status">
          {form.state === 'failed' ? form.message : done}
        </p>
      </div>
    </form>
  );
}

function RevokeDialog({ entry, onClose, onRevoked }: { entry: InvitationEntry; onClose: () => void; onRevoked: () => void }) {
  const t = useT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function revoke() {
    setBusy(true);
    try {
      await revokeInvitation(entry.invitation_id);
      onRevoked();
    } catch (err) {
      setError(consoleMessage(t, err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('admin_invite_revoke_title', { email: entry.email })} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <p id="invite-revoke-text">{t('admin_invite_revoke_text')}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="console-actions">
        <button type="button" className="btn btn-danger" data-autofocus disabled={busy} onClick={() => void revoke()}>
          {t('admin_invite_revoke_short')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('admin_cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function InvitationList({ version, onRevoked }: { version: number; onRevoked: (email: string) => void }) {
  const t = useT();
  const language = useStore($language);
  const loaded = useConsoleLoad(loadInvitations, version);
  const [revoking, setRevoking] = useState<InvitationEntry | null>(null);
  const day = dateFormat(language, { dateStyle: 'medium' });
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (at: string, format = day) => <time dateTime={at}>{format.format(new Date(at))}</time>;
  return (
    <section className="console-form" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t('admin_invite_list')}</h2>
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.length === 0 && <p className="console-muted">{t('admin_invite_none')}</p>}
      {loaded.data && loaded.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack" data-testid="invitations">
            <thead>
              <tr>
                <th scope="col">{t('admin_invite_email')}</th>
                <th scope="col">{t('admin_role')}</th>
                <th scope="col">{t('admin_invite_col_status')}</th>
                <th scope="col">{t('admin_invite_col_sent')}</th>
                <th scope="col">{t('admin_invite_col_expires')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((inv) => (
                <tr key={inv.invitation_id} data-testid="invitation" data-status={inv.status}>
                  <th scope="row" className="console-break invitation-email">
                    {inv.email}
                  </th>
                  <td data-label={t('admin_role')}>
                    <span>
                      {t(`admin_role_${inv.role}`)}
                      {inv.credit_limit !== null && (
                        <span className="console-muted"> · {new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(inv.credit_limit)}</span>
                      )}
                    </span>
                  </td>
                  <td data-label={t('admin_invite_col_status')}>
                    <span>
                      <span className="badge">{t(`admin_invite_status_${inv.status}`)}</span>
                      {inv.accepted_at && <> {date(inv.accepted_at, when)}</>}
                    </span>
                  </td>
                  <td data-label={t('admin_invite_col_sent')}>
                    <span>
                      {date(inv.created_at)} <span className="console-muted console-break">{t('admin_invite_by', { email: inv.invited_by })}</span>
                    </span>
                  </td>
                  <td data-label={t('admin_invite_col_expires')}>{inv.status === 'accepted' ? '—' : date(inv.expires_at, when)}</td>
                  <td className="agent-actions">
                    {inv.status !== 'accepted' && (
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => setRevoking(inv)} aria-label={t('admin_invite_revoke', { email: inv.email })}>
                        {t('admin_invite_revoke_short')}
                      </button>
                    )}
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
          onRevoked={() => {
            setRevoking(null);
            onRevoked(revoking.email);
          }}
        />
      )}
    </section>
  );
}

function Invitations() {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState('');
  return (
    <>
      <p className="console-muted">{t('admin_invite_intro')}</p>
      <InviteForm onInvited={() => (setMessage(''), setVersion((n) => n + 1))} />
      <p className="console-status is-saved" role="status" data-testid="invitations-message">
        {message}
      </p>
      <InvitationList
        version={version}
        onRevoked={(email) => {
          setMessage(t('admin_invite_revoked', { email }));
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}

export default function InvitationsPage() {
  return (
    <ConsoleGate section="admin">
      <Invitations />
    </ConsoleGate>
  );
}
