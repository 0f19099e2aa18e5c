// /agent/client-list: the agent's own clients — search by name or email, add, edit, delete, start a quote.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { AgentClient } from '../../shared/contract/agent';
import { $clients, loadClients, removeClient } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { titleLabel } from '../../shared/i18n/person-title';
import { $nationalities, loadCatalogues } from '../../stores/catalogues';
import Dialog from '../ui/Dialog';
import AgentAway from './AgentAway';
import { AgentError, AgentLoading } from './AgentLoad';
import ClientForm from './ClientForm';
import { agentFailure, useAgentAccess } from './agent-ui';

const PER_PAGE = 20;
const SEARCH_DELAY_MS = 250;

type Editing = { kind: 'new' } | { kind: 'edit'; client: AgentClient } | null;

export default function ClientList() {
  const t = useT();
  const access = useAgentAccess();
  const clients = useStore($clients);
  const nationalities = useStore($nationalities);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AgentClient | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  async function load(q = query, p = page) {
    setError('');
    try {
      await loadClients(q, p, PER_PAGE);
    } catch (err) {
      setError(agentFailure(t, err));
    }
  }

  useEffect(() => {
    if (access !== 'agent') return;
    void loadCatalogues();
    void load();
  }, [access]);

  function onSearch(text: string) {
    setQuery(text);
    setPage(1);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => void load(text, 1), SEARCH_DELAY_MS);
  }

  function goTo(p: number) {
    setPage(p);
    void load(query, p);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      await removeClient(deleting.client_id);
      setDeleting(null);
      setStatus(t('agent_client_deleted'));
      await load();
    } catch (err) {
      setDeleting(null);
      setError(agentFailure(t, err));
    } finally {
      setBusyDelete(false);
    }
  }

  if (access !== 'agent') return <AgentAway access={access} />;

  const nationalityName = (id: number | null) => nationalities.find((n) => n.nationalityId === id)?.nationalityName ?? '';
  const rows = clients?.data ?? [];
  const pages = clients ? Math.max(1, Math.ceil(clients.count / clients.perPage)) : 1;
  return (
    <div className="stack" data-testid="client-list">
      <div className="agent-toolbar">
        <div className="field">
          <label htmlFor="client-search">{t('agent_clients_search')}</label>
          <input
            id="client-search"
            className="input"
            type="search"
            placeholder={t('agent_clients_search_hint')}
            autoComplete="off"
            value={query}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })} data-testid="client-add">
          {t('agent_clients_add')}
        </button>
      </div>
      <div aria-live="polite" className="agent-status-line">
        {status ? <p className="alert alert-success" data-testid="client-status">{status}</p> : null}
      </div>
      {error ? <AgentError message={error} onRetry={() => void load()} /> : null}
      {!clients && !error ? <AgentLoading /> : null}
      {clients && rows.length === 0 ? <p className="muted">{query.trim() ? t('agent_clients_none_found') : t('agent_clients_empty')}</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table className="table table-stack agent-table">
            <caption className="visually-hidden">
              {t('agent_clients_found', { n: clients?.count ?? 0 })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('agent_col_name')}</th>
                <th scope="col">{t('agent_col_email')}</th>
                <th scope="col">{t('agent_col_phone')}</th>
                <th scope="col">{t('agent_col_nationality')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('agent_col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => {
                const name = `${c.first_name} ${c.last_name}`;
                return (
                  <tr key={c.client_id} data-testid="client-row">
                    <td data-label={t('agent_col_name')}>
                      {c.title ? <span className="agent-sub">{titleLabel(t, c.title)}</span> : null}
                      {name}
                    </td>
                    <td data-label={t('agent_col_email')} translate="no">{c.email}</td>
                    <td data-label={t('agent_col_phone')}>{c.mobile_no ? `${c.phone_country_code} ${c.mobile_no}` : ''}</td>
                    <td data-label={t('agent_col_nationality')}>{nationalityName(c.nationality)}</td>
                    <td data-label={t('agent_col_actions')} className="agent-actions">
                      <a className="btn btn-secondary btn-sm" href={`/agent/my-quotes?new=1&client_id=${c.client_id}`} aria-label={`${t('labelled', { label: t('agent_quote_for_client') })} ${name}`}>
                        {t('agent_quote_for_client')}
                      </a>
                      <button type="button" className="btn btn-sm" onClick={() => setEditing({ kind: 'edit', client: c })} aria-label={`${t('labelled', { label: t('agent_edit') })} ${name}`}>
                        {t('agent_edit')}
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeleting(c)} aria-label={`${t('labelled', { label: t('agent_delete') })} ${name}`}>
                        {t('agent_delete')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="agent-pager" aria-label={t('agent_page')}>
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('agent_prev')}
          </button>
          <span>
            {t('agent_page')} {page} / {pages}
          </span>
          <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            {t('agent_next')}
          </button>
        </nav>
      ) : null}

      {editing ? (
        <Dialog
          title={editing.kind === 'new' ? t('agent_client_new_title') : t('agent_client_edit_title')}
          onClose={() => setEditing(null)}
          closeLabel={t('agent_close')}
          closeOnEscape
          className="dialog-wide agent-dialog"
        >
          <ClientForm
            initial={editing.kind === 'edit' ? editing.client : null}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setStatus(t('agent_client_saved'));
              void load();
            }}
          />
        </Dialog>
      ) : null}
      {deleting ? (
        <Dialog title={t('agent_delete_title')} subtitle={`${deleting.first_name} ${deleting.last_name} · ${deleting.email}`} onClose={() => setDeleting(null)} closeLabel={t('agent_close')} closeOnEscape>
          <p>{t('agent_delete_text')}</p>
          <div className="agent-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setDeleting(null)} data-autofocus>
              {t('agent_cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void confirmDelete()} disabled={busyDelete} aria-busy={busyDelete || undefined} data-testid="client-delete-confirm">
              {t('agent_delete_confirm')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
