// /admin/channel: the address a channel manager sends its OpenTravel messages to, credentials made for it (the password
// shown this once, with copy buttons), listed with when each was last used, and revoked (docs/decisions/0058-ota-xml.md).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CHANNEL_OTA_PATH, type ChannelCredential } from '../../shared/contract/channel';
import { dateFormat } from '../../shared/rules/format-day';
import { createChannelCredentials, listChannelCredentials, revokeChannelCredentials } from '../../stores/channel';
import { $language, useT } from '../../stores/locale';
import Dialog from '../ui/Dialog';
import ConsoleGate from './ConsoleGate';
import CopyButton from './CopyButton';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage } from './useConsoleForm';

type Say = (text: string, failed?: boolean) => void;

function Endpoint() {
  const t = useT();
  const [address, setAddress] = useState(CHANNEL_OTA_PATH);
  useEffect(() => setAddress(`${window.location.origin}${CHANNEL_OTA_PATH}`), []);
  return (
    <section className="console-form console-group" aria-labelledby="ch-endpoint-heading">
      <h2 id="ch-endpoint-heading">{t('ch_endpoint')}</h2>
      <p>
        <code className="console-break" data-testid="channel-endpoint">{address}</code> <CopyButton text={address} label={t('ch_copy_endpoint')} />
      </p>
      <p className="field-hint">{t('ch_endpoint_hint')}</p>
    </section>
  );
}

/** Each secret on one line with its copy button (a 43-character password fits a desktop line; a phone wraps it). */
const SECRETS = { display: 'grid', gap: '0.25rem', margin: '0 0 1rem' } as const;
const SECRET = { margin: '0 0 0.5rem', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' } as const;
/** A username is case-sensitive: the row header keeps its letters as they are (table headers are upper-cased). */
const AS_WRITTEN = { textTransform: 'none', letterSpacing: 0 } as const;

/** The credentials just made: the only time the password is on screen. */
function Created({ made, onDone }: { made: { username: string; password: string }; onDone: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="alert alert-success console-group" data-testid="channel-created" aria-labelledby="ch-created-heading">
      <h3 id="ch-created-heading" tabIndex={-1} ref={heading}>{t('ch_created_title')}</h3>
      <p>{t('ch_created_once')}</p>
      <dl style={SECRETS}>
        <dt>{t('ch_username')}</dt>
        <dd style={SECRET}>
          <code className="console-break" data-testid="channel-username">{made.username}</code> <CopyButton text={made.username} label={t('ch_copy_username')} />
        </dd>
        <dt>{t('ch_password')}</dt>
        <dd style={SECRET}>
          <code className="console-break" data-testid="channel-password">{made.password}</code> <CopyButton text={made.password} label={t('ch_copy_password')} />
        </dd>
      </dl>
      <div className="console-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t('ch_done')}
        </button>
      </div>
    </section>
  );
}

function RevokeDialog({ username, onClose, onRevoked }: { username: string; onClose: () => void; onRevoked: () => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function revoke() {
    setBusy(true);
    try {
      await revokeChannelCredentials(username);
      await onRevoked();
    } catch (err) {
      setError(consoleMessage(t, err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('ch_revoke_title', { username })} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <p>{t('ch_revoke_text')}</p>
      <p className="field-error" role="alert">{error}</p>
      <div className="console-actions">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void revoke()} data-autofocus>
          {t('ch_revoke')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('admin_cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function CredentialList({ version, say }: { version: number; say: Say }) {
  const t = useT();
  const language = useStore($language);
  const loaded = useConsoleLoad(listChannelCredentials, version);
  const [revoking, setRevoking] = useState<string | null>(null);
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (at: string) => <time dateTime={at}>{when.format(new Date(at))}</time>;
  return (
    <section className="console-form" aria-labelledby="ch-list-heading">
      <h2 id="ch-list-heading">{t('ch_list')}</h2>
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.length === 0 && <p className="console-muted">{t('ch_none')}</p>}
      {loaded.data && loaded.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack" data-testid="channel-credentials">
            <thead>
              <tr>
                <th scope="col">{t('ch_username')}</th>
                <th scope="col">{t('ch_col_created')}</th>
                <th scope="col">{t('ch_col_last_used')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((c: ChannelCredential) => (
                <tr key={c.username} data-testid="channel-credential" data-username={c.username}>
                  <th scope="row" style={AS_WRITTEN}>
                    <code className="console-break">{c.username}</code>
                  </th>
                  <td data-label={t('ch_col_created')}>{time(c.created_at)}</td>
                  <td data-label={t('ch_col_last_used')}>{c.last_used_at ? time(c.last_used_at) : t('ch_never_used')}</td>
                  <td className="agent-actions">
                    <button type="button" className="btn btn-sm btn-danger" onClick={() => setRevoking(c.username)} aria-label={t('ch_revoke_named', { username: c.username })}>
                      {t('ch_revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <RevokeDialog
          username={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={async () => {
            say(t('ch_revoked', { username: revoking }));
            setRevoking(null);
            await loaded.reload();
          }}
        />
      )}
    </section>
  );
}

function Channel() {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [made, setMade] = useState<{ username: string; password: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState({ text: '', failed: false });
  const say: Say = (text, failed = false) => setStatus({ text, failed });
  async function create() {
    setBusy(true);
    say('');
    try {
      setMade(await createChannelCredentials());
      setVersion((n) => n + 1);
    } catch (err) {
      say(consoleMessage(t, err), true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className="console-muted">{t('ch_intro')}</p>
      <Endpoint />
      <section className="console-form console-group" aria-labelledby="ch-create-heading">
        <h2 id="ch-create-heading">{t('ch_create')}</h2>
        <p className="field-hint">{t('ch_create_hint')}</p>
        {made ? (
          <Created made={made} onDone={() => setMade(null)} />
        ) : (
          <div className="console-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
              {t('ch_create')}
            </button>
          </div>
        )}
      </section>
      <p className={`console-status${status.failed ? ' is-failed' : ' is-saved'}`} role="status" data-testid="channel-message">
        {status.text}
      </p>
      <CredentialList version={version} say={say} />
    </>
  );
}

export default function ChannelPage() {
  return (
    <ConsoleGate section="admin">
      <Channel />
    </ConsoleGate>
  );
}
