// The referral-link builder on /referral/programs: base, code, name, org, extra parameters and redirect; live link, copy, QR code.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { buildReferralLink, REFERRAL_PARAMS, sameOriginRedirect, type ReferralBaseKind } from '../../shared/rules/referral-link';
import type { Rewards } from '../../shared/rules/rewards-reply';
import { loadRewards } from '../../stores/rewards';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { useLoyaltyT } from '../../stores/loyalty';
import { copyText } from '../ui/copy-text';

const CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;

function baseAddress(kind: ReferralBaseKind, landing: string): string {
  if (kind === 'site') return `${location.origin}/`;
  if (kind === 'landing') {
    try {
      return new URL(landing || '/promotions', location.origin).toString();
    } catch {
      return `${location.origin}/promotions`;
    }
  }
  // The page the member is on, without a referral it may itself carry.
  const here = new URL(location.href);
  for (const p of REFERRAL_PARAMS) here.searchParams.delete(p);
  here.hash = '';
  return here.toString();
}

export default function ReferralLinkBuilder() {
  const t = useLoyaltyT();
  const signedIn = useStore($signedIn);
  const [me, setMe] = useState<Rewards | null>(null);
  const [failed, setFailed] = useState(false);
  const [base, setBase] = useState<ReferralBaseKind>('site');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [org, setOrg] = useState('');
  const [extra, setExtra] = useState<{ id: number; key: string; value: string }[]>([]);
  const [redirect, setRedirect] = useState('');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const canvas = useRef<HTMLCanvasElement>(null);
  const linkField = useRef<HTMLTextAreaElement>(null);
  const [qrUrl, setQrUrl] = useState('');
  const ids = { code: useId(), name: useId(), org: useId(), redirect: useId(), link: useId(), base: useId() };

  useEffect(() => void runStartup(), []);

  const load = () => {
    setFailed(false);
    loadRewards().then(
      ({ data }) => {
        setMe(data);
        setCode(data.referralCode);
        setName(data.referralName);
        setOrg(String(data.orgId));
      },
      () => setFailed(true),
    );
  };
  useEffect(() => {
    if (signedIn === true && !me) load();
  }, [signedIn]);

  const codeError = code === '' ? t('referral_code_required') : CODE_RE.test(code) ? '' : t('referral_code_invalid');
  const redirectPath = redirect.trim() && typeof location !== 'undefined' ? sameOriginRedirect(redirect.trim(), location.origin) : '';
  const redirectError = redirect.trim() && !redirectPath ? t('referral_redirect_invalid') : '';

  const link = useMemo(() => {
    if (!me || codeError || typeof location === 'undefined') return '';
    return buildReferralLink({
      base: baseAddress(base, me.landingUrl),
      code,
      name: name.trim(),
      org: org.trim(),
      extra: extra.map((e) => [e.key, e.value] as const),
      redirect: redirectPath,
    });
  }, [me, base, code, name, org, extra, redirectPath, codeError]);

  useEffect(() => {
    setCopyState('idle');
    if (!link || !canvas.current) return;
    QRCode.toCanvas(canvas.current, link, { width: 192, margin: 1, errorCorrectionLevel: 'M' }, () => {
      setQrUrl(canvas.current?.toDataURL('image/png') ?? '');
    });
  }, [link]);

  if (signedIn !== true) return null;
  if (failed)
    return (
      <div className="alert alert-error" role="alert">
        {t('referral_load_failed')}{' '}
        <button type="button" className="btn btn-link" onClick={load}>
          {t('referral_retry')}
        </button>
      </div>
    );
  if (!me)
    return (
      <p className="muted" role="status">
        <span className="spinner spinner-sm" aria-hidden="true" /> {t('referral_loading')}
      </p>
    );

  const onCopy = async () => setCopyState((await copyText(link, linkField.current)) ? 'copied' : 'failed');

  return (
    <section className="loyalty-builder card" aria-labelledby={`${ids.base}-title`} data-testid="referral-builder">
      <div className="card-body stack">
        <h2 id={`${ids.base}-title`} className="card-title">
          {t('referral_builder_title')}
        </h2>
        <p className="muted">{t('referral_builder_intro')}</p>

        <div className="loyalty-builder__grid">
          <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
            <fieldset className="loyalty-fieldset">
              <legend className="field-label">{t('referral_base_legend')}</legend>
              <div className="loyalty-choices">
                {(['site', 'landing', 'current'] as const).map((kind) => (
                  <label key={kind} className="checkbox">
                    <input type="radio" name={`${ids.base}-kind`} value={kind} checked={base === kind} onChange={() => setBase(kind)} />
                    <span>{t(`referral_base_${kind}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="form-row">
              <div className="field">
                <label htmlFor={ids.code}>{t('referral_code_label')}</label>
                <input
                  id={ids.code}
                  className="input"
                  value={code}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={codeError ? 'true' : undefined}
                  aria-describedby={codeError ? `${ids.code}-err` : undefined}
                  onChange={(e) => setCode(e.target.value.trim())}
                />
                {codeError && (
                  <p id={`${ids.code}-err`} className="field-error">
                    {codeError}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={ids.org}>{t('referral_org_label')}</label>
                <input id={ids.org} className="input" inputMode="numeric" value={org} maxLength={9} onChange={(e) => setOrg(e.target.value.replace(/\D/g, ''))} />
              </div>
            </div>
            <div className="field">
              <label htmlFor={ids.name}>{t('referral_name_label')}</label>
              <input id={ids.name} className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            </div>

            <fieldset className="loyalty-fieldset stack">
              <legend className="field-label">{t('referral_extra_legend')}</legend>
              {extra.map((row, i) => (
                <div key={row.id} className="loyalty-extra">
                  <input
                    className="input"
                    aria-label={`${t('referral_extra_name')} ${i + 1}`}
                    placeholder={t('referral_extra_name')}
                    value={row.key}
                    maxLength={40}
                    onChange={(e) => setExtra(extra.map((x) => (x.id === row.id ? { ...x, key: e.target.value } : x)))}
                  />
                  <input
                    className="input"
                    aria-label={`${t('referral_extra_value')} ${i + 1}`}
                    placeholder={t('referral_extra_value')}
                    value={row.value}
                    maxLength={200}
                    onChange={(e) => setExtra(extra.map((x) => (x.id === row.id ? { ...x, value: e.target.value } : x)))}
                  />
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setExtra(extra.filter((x) => x.id !== row.id))}>
                    {t('referral_extra_remove')}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={extra.length >= 8}
                onClick={() => setExtra([...extra, { id: Date.now() + Math.random(), key: '', value: '' }])}
              >
                {t('referral_extra_add')}
              </button>
            </fieldset>

            <div className="field">
              <label htmlFor={ids.redirect}>{t('referral_redirect_label')}</label>
              <input
                id={ids.redirect}
                className="input"
                value={redirect}
                maxLength={500}
                placeholder="/resorts"
                aria-invalid={redirectError ? 'true' : undefined}
                aria-describedby={`${ids.redirect}-hint`}
                onChange={(e) => setRedirect(e.target.value)}
              />
              <p id={`${ids.redirect}-hint`} className={redirectError ? 'field-error' : 'field-hint'}>
                {redirectError || t('referral_redirect_hint')}
              </p>
            </div>
          </form>

          <div className="loyalty-output stack">
            <div className="field">
              <label htmlFor={ids.link}>{t('referral_link_label')}</label>
              <textarea id={ids.link} ref={linkField} className="textarea loyalty-link" readOnly rows={4} value={link} data-testid="referral-link" />
            </div>
            <div className="cluster">
              <button type="button" className="btn btn-primary" disabled={!link} onClick={onCopy}>
                {t('referral_copy')}
              </button>
              {link && (
                <a className="btn btn-secondary" href={link} target="_blank" rel="noopener">
                  {t('referral_open_link')}
                </a>
              )}
              <span role="status" aria-live="polite" className={copyState === 'failed' ? 'field-error' : 'loyalty-copied'}>
                {copyState === 'copied' ? t('referral_copied') : copyState === 'failed' ? t('referral_copy_failed') : ''}
              </span>
            </div>
            <figure className="loyalty-qr">
              <canvas ref={canvas} role="img" aria-label={t('referral_qr_label')} width={192} height={192} data-testid="referral-qr" />
              {qrUrl && (
                <figcaption>
                  <a className="btn btn-link btn-sm" href={qrUrl} download="referral-qr.png">
                    {t('referral_qr_download')}
                  </a>
                </figcaption>
              )}
            </figure>
          </div>
        </div>
      </div>
    </section>
  );
}
