// /admin/domains: add a custom domain, see the CNAME and TXT records to publish (with copy buttons) and what each has
// verified, "Check now", claim a lapsed domain again, remove.
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, useT } from '../../stores/locale';
import { addDomain, checkDomain, listDomains, removeDomain } from '../../stores/console-ops';
import { DomainCreateSchema, type DomainEntry } from '../../shared/contract/console-ops';
import ConsoleGate from './ConsoleGate';
import CopyButton from './CopyButton';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, fieldText, useConsoleForm } from './useConsoleForm';

function Copyable({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useT();
  return (
    <>
      <code className="console-break" data-testid={testId}>{text}</code> <CopyButton text={text} label={`${t('labelled', { label: t('ops_copy') })} ${label}`} />
    </>
  );
}

/** The two records the owner publishes: the CNAME that brings the certificate, the TXT that proves ownership. */
function Records({ d }: { d: DomainEntry }) {
  const t = useT();
  const state = (done: boolean) => (
    <span className={`badge${done ? ' badge-accent' : ''}`}>{t(done ? 'ops_domain_verified' : 'ops_domain_waiting')}</span>
  );
  return (
    <div>
      <p>{t('ops_domain_records')}</p>
      <div className="table-wrap">
        <table className="table table-stack">
          <thead>
            <tr>
              <th scope="col">{t('ops_domain_record_type')}</th>
              <th scope="col">{t('ops_domain_txt_name')}</th>
              <th scope="col">{t('ops_domain_txt_value')}</th>
              <th scope="col">{t('ops_domain_record_purpose')}</th>
            </tr>
          </thead>
          <tbody>
            {d.dns && (
              <tr data-testid="cname-record">
                <td data-label={t('ops_domain_record_type')}>CNAME</td>
                <td data-label={t('ops_domain_txt_name')}><Copyable text={d.dns.cname.name} label={`CNAME ${t('ops_domain_txt_name')}`} /></td>
                <td data-label={t('ops_domain_txt_value')}>
                  <Copyable text={d.dns.cname.target} label={`CNAME ${t('ops_domain_txt_value')}`} testId="cname-target" />
                </td>
                <td data-label={t('ops_domain_record_purpose')}>
                  {t('ops_domain_certificate')} <span data-testid="ssl-status">{state(d.ssl?.status === 'active')}</span>
                </td>
              </tr>
            )}
            {d.verification && (
              <tr data-testid="txt-record">
                <td data-label={t('ops_domain_record_type')}>TXT</td>
                <td data-label={t('ops_domain_txt_name')}><Copyable text={d.verification.name} label={`TXT ${t('ops_domain_txt_name')}`} testId="txt-name" /></td>
                <td data-label={t('ops_domain_txt_value')}><Copyable text={d.verification.value} label={`TXT ${t('ops_domain_txt_value')}`} testId="txt-value" /></td>
                <td data-label={t('ops_domain_record_purpose')}>
                  {t('ops_domain_ownership')} <span data-testid="ownership-status">{state(d.ownership === 'active')}</span>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const STATUS_KEY = { active: 'ops_domain_status_active', pending: 'ops_domain_status_pending', lapsed: 'ops_domain_status_lapsed' } as const;

function Domain({ d, onChange, say }: { d: DomainEntry; onChange: () => Promise<void>; say: (text: string, failed?: boolean) => void }) {
  const t = useT();
  const language = useStore($language);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      say(await work());
      await onChange();
    } catch (err) {
      say(consoleMessage(t, err), true);
    } finally {
      setBusy(false);
    }
  }
  const date = d.lapses_at ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(d.lapses_at)) : '';
  const check = () => run(async () => ((await checkDomain(d.host)).status === 'active' ? t('ops_domain_now_active', { host: d.host }) : t('ops_domain_still_pending')));
  const claimAgain = () => run(async () => (await addDomain(d.host), t('ops_domain_records')));
  const remove = () => run(async () => (await removeDomain(d.host), t('ops_domain_removed', { host: d.host })));
  return (
    <li className="console-group" data-testid="domain" data-host={d.host}>
      <h3 className="console-break">{d.host}</h3>
      <p>
        {t('labelled', { label: t('ops_domain_status') })}{' '}
        <span className={`badge${d.status === 'active' ? ' badge-accent' : ''}`} data-testid="domain-status">
          {t(STATUS_KEY[d.status])}
        </span>
        {d.platform && <span className="console-muted"> · {t('ops_domain_platform')}</span>}
      </p>
      {d.status === 'pending' && (
        <>
          <Records d={d} />
          <p className="console-muted" data-testid="domain-lapses">{t('ops_domain_lapses', { date })}</p>
        </>
      )}
      {d.status === 'lapsed' && <p data-testid="domain-lapsed">{t('ops_domain_lapsed_note', { date })}</p>}
      {!d.platform && (
        <div className="console-actions">
          {d.status === 'pending' && (
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void check()}>
              {t('ops_domain_check')}
            </button>
          )}
          {d.status === 'lapsed' && (
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void claimAgain()}>
              {t('ops_domain_claim_again')}
            </button>
          )}
          <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => void remove()} aria-label={`${t('ops_domain_remove')} ${d.host}`}>
            {t('ops_domain_remove')}
          </button>
        </div>
      )}
    </li>
  );
}

function Domains() {
  const t = useT();
  const loaded = useConsoleLoad(listDomains);
  const form = useConsoleForm(DomainCreateSchema, { host: '' });
  const [status, setStatus] = useState({ text: '', failed: false });
  const say = (text: string, failed = false) => setStatus({ text, failed });

  async function add(e: FormEvent) {
    e.preventDefault();
    const ok = await form.submit((v) => addDomain(v.host));
    if (ok) {
      form.setValues({ host: '' });
      await loaded.reload();
    }
  }

  return (
    <>
      <form className="console-form console-group" onSubmit={(e) => void add(e)} noValidate>
        <h2>{t('ops_domain_add')}</h2>
        <div className="field">
          <label htmlFor="domain-host">{t('ops_domain_host')}</label>
          <input className="input"
            id="domain-host"
            name="host"
            inputMode="url"
            autoComplete="off"
            value={form.values.host as string}
            aria-invalid={form.errors.host ? 'true' : undefined}
            aria-describedby="domain-host-hint domain-host-error"
            onChange={(e) => form.set('host', e.target.value)}
            onBlur={() => form.blur('host')}
          />
          <p className="field-hint" id="domain-host-hint">{t('ops_domain_host_hint')}</p>
          <p className="field-error" id="domain-host-error">{form.errors.host ? fieldText(t, form.errors.host) : ''}</p>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
            {t('ops_domain_add_button')}
          </button>
          <p className={`console-status${form.state === 'failed' ? ' is-failed' : ''}`} role="status">
            {form.state === 'failed' ? form.message : ''}
          </p>
        </div>
      </form>
      <section aria-labelledby="domains-heading">
        <h2 id="domains-heading">{t('ops_domain_list')}</h2>
        <p className={`console-status${status.failed ? ' is-failed' : ''}`} role="status" data-testid="domain-message">
          {status.text}
        </p>
        <LoadState loaded={loaded} />
        {loaded.data && (
          <ul className="console-form" style={{ listStyle: 'none', padding: 0 }}>
            {loaded.data.map((d) => (
              <Domain key={d.host} d={d} onChange={loaded.reload} say={say} />
            ))}
          </ul>
        )}
        {loaded.data && !loaded.data.some((d) => !d.platform) && <p className="console-muted">{t('ops_domain_none')}</p>}
      </section>
    </>
  );
}

export default function DomainsPage() {
  return (
    <ConsoleGate section="admin">
      <Domains />
    </ConsoleGate>
  );
}
