// /admin/suppliers: a bed bank's credentials (the secret shown only as saved or not), markup and switch, checked with the
// supplier when saved; and "Import hotels" with its progress, polled while it runs, and the last import's result
// (docs/decisions/0068-supplier-console-and-import.md).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Supplier, SupplierImport, SupplierState } from '../../shared/contract/suppliers';
import { SUPPLIER_MSG } from '../../shared/contract/supplier-text';
import { dateFormat } from '../../shared/rules/format-day';
import { listSuppliers, removeSupplier, saveSupplier, startSupplierImport, stopSupplierImport, supplierImport } from '../../stores/suppliers';
import { $language, useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import { issuesByField } from '../account/signup-logic';
import ConsoleGate from './ConsoleGate';
import RemoveDialog from './RemoveDialog';
import SupplierReconcile from './SupplierReconcile';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, fieldText, keyedFieldText } from './useConsoleForm';

/** How often the page asks how far a running import is. */
const POLL_MS = 1_000;

type Status = { text: string; failed: boolean };

/**
 * The credentials, markup and switch; once saved, "Disconnect" asks first (RemoveDialog), then forgets them (the page
 * starts a new, empty form with `notice` said). While an import runs it is not offered: the server would refuse it.
 */
function CredentialsForm({ state, notice, importing, onSaved, onRemoved }: {
  state: SupplierState; notice: string; importing: boolean; onSaved: (next: SupplierState) => void; onRemoved: (next: SupplierState) => void;
}) {
  const t = useT();
  const id = (name: string) => `sup-${state.supplier}-${name}`;
  const [apiKey, setApiKey] = useState(state.api_key ?? '');
  const [secret, setSecret] = useState('');
  const [markup, setMarkup] = useState(String(state.markup_percent));
  const [enabled, setEnabled] = useState(state.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ text: notice, failed: false });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  async function save() {
    setBusy(true);
    setErrors({});
    setStatus({ text: t('sup_saving'), failed: false });
    try {
      const markupPercent = markup.trim() === '' ? Number.NaN : Number(markup.replace(',', '.'));
      const next = await saveSupplier(state.supplier, {
        api_key: apiKey,
        ...(secret ? { secret } : {}),
        markup_percent: Number.isFinite(markupPercent) ? markupPercent : (markup as unknown as number),
        enabled,
      });
      setSecret('');
      setStatus({ text: t('sup_saved'), failed: false });
      onSaved(next);
    } catch (err) {
      setErrors(issuesByField(err, (m) => keyedFieldText(t, m)));
      setStatus({ text: consoleMessage(t, err), failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="console-form console-group"
      noValidate
      aria-labelledby={id('credentials-heading')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id={id('credentials-heading')}>{t('sup_credentials')}</h3>
      <div className="console-grid">
        <Field id={id('api_key')} label={t('sup_api_key')} error={errors.api_key}>
          <input className="input" type="text" autoComplete="off" spellCheck={false} {...fieldA11y(id('api_key'), errors.api_key)} value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        </Field>
        <Field id={id('secret')} label={t('sup_secret')} error={errors.secret} hint={state.secret_set ? t('sup_secret_set') : t('sup_secret_not_set')}>
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            data-testid="supplier-secret"
            {...fieldA11y(id('secret'), errors.secret, true)}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </Field>
        <Field id={id('markup_percent')} label={t('sup_markup')} error={errors.markup_percent} hint={t('sup_markup_hint')}>
          <input
            className="input"
            type="text"
            inputMode="decimal"
            {...fieldA11y(id('markup_percent'), errors.markup_percent, true)}
            value={markup}
            onChange={(e) => setMarkup(e.target.value)}
          />
        </Field>
      </div>
      <label className="console-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('sup_enabled')}
      </label>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('sup_save')}
        </button>
        {state.configured && (
          <button type="button" className="btn btn-danger" disabled={busy || importing} aria-describedby={importing ? id('disconnect-wait') : undefined} onClick={() => setAsking(true)}>
            {t('sup_disconnect')}
          </button>
        )}
      </div>
      {state.configured && importing && (
        <p className="field-hint" id={id('disconnect-wait')} data-testid="supplier-disconnect-wait">
          {t('sup_msg_removeImporting')}
        </p>
      )}
      <p className={`console-status${status.failed ? ' is-failed' : ' is-saved'}`} role="status" data-testid="supplier-message">
        {status.text}
      </p>
      {asking && (
        <RemoveDialog
          title={t('sup_disconnect_title', { name: t(`sup_name_${state.supplier as Supplier}`) })}
          text={t('sup_disconnect_text')}
          action={t('sup_disconnect')}
          onClose={() => setAsking(false)}
          onRemove={async () => onRemoved(await removeSupplier(state.supplier))}
        />
      )}
    </form>
  );
}

function ImportResult({ job }: { job: SupplierImport }) {
  const t = useT();
  const language = useStore($language);
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (at: string) => <time dateTime={at}>{when.format(new Date(at))}</time>;
  const total = job.total ?? 0;
  const count = new Intl.NumberFormat(language);
  const imported = count.format(job.imported);
  return (
    <div data-testid="supplier-import" data-status={job.status}>
      {job.status === 'running' ? (
        <>
          <p role="status">{job.total === null ? t('sup_import_waiting') : t('sup_import_running', { imported, total: count.format(total) })}</p>
          <progress className="console-progress" max={Math.max(1, total)} value={job.imported} aria-label={t('sup_progress')} style={{ width: '100%' }} />
        </>
      ) : job.status === 'done' ? (
        <p role="status" className="console-status is-saved">{t('sup_import_done', { imported })}</p>
      ) : job.error === SUPPLIER_MSG.importStopped ? (
        // Stopped by an admin: said plainly, not as a failure.
        <p role="status" className="console-status">{t('sup_import_stopped', { imported })}</p>
      ) : (
        <p role="alert" className="console-status is-failed">{t('sup_import_failed', { imported, error: fieldText(t, job.error ?? '') })}</p>
      )}
      <dl className="console-muted">
        <dt>{t('sup_started_at')}</dt>
        <dd>{time(job.started_at)}</dd>
        {job.finished_at && (
          <>
            <dt>{t('sup_finished_at')}</dt>
            <dd>{time(job.finished_at)}</dd>
          </>
        )}
        {job.status === 'done' && job.photos && (
          <>
            <dt>{t('sup_photos')}</dt>
            <dd data-testid="supplier-photos" data-status={job.photos.status}>
              {t(job.photos.status === 'done' ? 'sup_photos_done' : 'sup_photos_running', { fetched: count.format(job.photos.fetched), errors: count.format(job.photos.errors) })}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

function ImportSection({ state, onChange, onRunning }: { state: SupplierState; onChange: () => Promise<void>; onRunning: (running: boolean) => void }) {
  const t = useT();
  const language = useStore($language);
  const [job, setJob] = useState<SupplierImport | null>(state.last_import);
  const [status, setStatus] = useState<Status>({ text: '', failed: false });
  const [busy, setBusy] = useState(false);
  // The hotels are in once the job is done; their photos follow, and the page keeps reading until they are in too.
  const running = job?.status === 'running';
  const polling = running || (job?.status === 'done' && !!job.photos && job.photos.status !== 'done');

  useEffect(() => setJob(state.last_import), [state.last_import]);
  useEffect(() => onRunning(running), [running]);
  useEffect(() => {
    if (!polling) return;
    let stop = false;
    const timer = setInterval(() => {
      void supplierImport(state.supplier)
        .then((next) => {
          if (stop || !next) return;
          setJob(next);
          if (next.status !== 'running' && (!next.photos || next.photos.status === 'done' || next.status !== 'done')) void onChange();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [polling, state.supplier]);

  /** Starts or stops the import; the job as it then stands is shown, a refusal said. */
  async function act(step: () => Promise<SupplierImport | null>) {
    setBusy(true);
    setStatus({ text: '', failed: false });
    try {
      setJob(await step());
    } catch (err) {
      setStatus({ text: consoleMessage(t, err), failed: true });
    } finally {
      setBusy(false);
    }
  }
  const start = () =>
    act(async () => {
      await startSupplierImport(state.supplier);
      return supplierImport(state.supplier);
    });
  const stop = () =>
    act(async () => {
      const stopped = await stopSupplierImport(state.supplier);
      await onChange();
      return stopped;
    });

  return (
    <section className="console-form console-group" aria-labelledby={`sup-${state.supplier}-import-heading`}>
      <h3 id={`sup-${state.supplier}-import-heading`}>{t('sup_import')}</h3>
      <p data-testid="supplier-hotels">{t('sup_hotels_held', { count: new Intl.NumberFormat(language).format(state.hotels) })}</p>
      <p className="field-hint">{state.configured ? t('sup_import_hint') : t('sup_import_connect_first')}</p>
      <div className="console-actions">
        <button type="button" className="btn btn-primary" disabled={busy || running || !state.configured} onClick={() => void start()}>
          {t('sup_import_start')}
        </button>
        {running && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void stop()}>
            {t('sup_import_stop')}
          </button>
        )}
      </div>
      {status.text && (
        <p className="console-status is-failed" role="alert">
          {status.text}
        </p>
      )}
      {job ? <ImportResult job={job} /> : <p className="console-muted">{t('sup_import_none')}</p>}
    </section>
  );
}

function SupplierPanel({ initial }: { initial: SupplierState }) {
  const t = useT();
  const [state, setState] = useState(initial);
  // Each disconnection starts a new form (empty fields), saying what happened.
  const [form, setForm] = useState({ key: 0, notice: '' });
  const [importing, setImporting] = useState(initial.last_import?.status === 'running');
  const refresh = async () => {
    const all = await listSuppliers();
    const mine = all.find((s) => s.supplier === state.supplier);
    if (mine) setState(mine);
  };
  return (
    <section aria-labelledby={`sup-${state.supplier}-heading`} data-testid="supplier" data-supplier={state.supplier}>
      <h2 id={`sup-${state.supplier}-heading`} className="console-break">{t(`sup_name_${state.supplier as Supplier}`)}</h2>
      <CredentialsForm
        key={form.key}
        state={state}
        notice={form.notice}
        importing={importing}
        onSaved={setState}
        onRemoved={(next) => {
          setState(next);
          setForm((f) => ({ key: f.key + 1, notice: t('sup_disconnected') }));
        }}
      />
      <ImportSection state={state} onChange={refresh} onRunning={setImporting} />
      <SupplierReconcile supplier={state.supplier} connected={state.configured} />
    </section>
  );
}

function Suppliers() {
  const t = useT();
  const loaded = useConsoleLoad(listSuppliers);
  if (!loaded.data) return <LoadState loaded={loaded} />;
  return (
    <>
      <p className="console-muted">{t('sup_intro')}</p>
      {loaded.data.map((s) => (
        <SupplierPanel key={s.supplier} initial={s} />
      ))}
    </>
  );
}

export default function SuppliersPage() {
  return (
    <ConsoleGate section="admin">
      <Suppliers />
    </ConsoleGate>
  );
}
