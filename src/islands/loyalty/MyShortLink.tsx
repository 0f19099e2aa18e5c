// "Your short link" on /referral/programs: the member's own short link (made on the first ask), a copy button and its QR code.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loadMyLink } from '../../stores/referral';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { useT } from '../../stores/locale';
import CopyButton from '../admin/CopyButton';

type MyLink = Awaited<ReturnType<typeof loadMyLink>>;

export default function MyShortLink() {
  const t = useT();
  const signedIn = useStore($signedIn);
  const [link, setLink] = useState<MyLink | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (!signedIn) return;
    loadMyLink()
      .then(setLink)
      .catch(() => setFailed(true));
  }, [signedIn]);
  if (!signedIn) return null;
  return (
    <section className="my-link" aria-labelledby="my-link-title" data-testid="my-short-link">
      <div>
        <h2 id="my-link-title">{t('my_link_title')}</h2>
        <p className="console-muted">{t('my_link_text')}</p>
        {failed ? <p role="alert">{t('my_link_failed')}</p> : null}
        {link ? (
          <p className="copy-link">
            <span className="my-link__url" data-testid="my-short-url">{link.short_url}</span>
            <CopyButton text={link.short_url} label={t('links_copy_named', { name: link.short_url })} />
          </p>
        ) : null}
      </div>
      {link ? <img src={`/r/${link.slug}/qr.svg`} width="120" height="120" alt={t('links_qr_of', { url: link.short_url })} /> : null}
    </section>
  );
}
