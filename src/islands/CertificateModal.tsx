// The certificate modal (spec 2, CONTRACT.md 8): the org offers a certificate for this product and none is selected, so
// booking waits. The traveller redeems a certificate code, or books without one.
import { useStore } from '@nanostores/react';
import Dialog from './Dialog';
import Money from './Money';
import { RedeemForm } from './Wallet';
import { convertMinorDown, fromMinor } from '../shared/money';
import type { WalletCard } from '../shared/wallet';
import { $currency, useT } from '../stores/locale';
import { $selectedCertificate, $wallet } from '../stores/wallet';

export interface CertificateModalProps {
  defaultCertificate: WalletCard;
  productName: string;
  onClose: () => void;
  /** Book without a certificate. */
  onContinue: () => void;
  /** A certificate is now selected: book with it. */
  onApplied: () => void;
}

export default function CertificateModal({ defaultCertificate, productName, onClose, onContinue, onApplied }: CertificateModalProps) {
  const t = useT();
  const currency = useStore($currency);
  const wallet = useStore($wallet);
  const selected = useStore($selectedCertificate);
  let value: number | null = null;
  try {
    value = fromMinor(convertMinorDown(defaultCertificate.redemptionMinor, defaultCertificate.currency, currency, wallet?.rates ?? {}), currency);
  } catch {
    value = null;
  }

  return (
    <Dialog title={t('bk_cert_modal_title')} subtitle={t('bk_cert_modal_text', { product: productName })} onClose={onClose} closeLabel={t('bk_close')} closeOnEscape className="bk-cert-modal">
      <div className="stack" data-testid="certificate-modal">
        <div className="panel bk-cert-offer">
          <p className="bk-cert-offer__name">{defaultCertificate.name || t('bk_certificate')}</p>
          <p>
            {t('bk_cert_worth')}{' '}
            {value !== null ? <Money amount={value} currency={currency} className="price" /> : <Money amount={fromMinor(defaultCertificate.redemptionMinor, defaultCertificate.currency)} currency={defaultCertificate.currency} className="price" />}
          </p>
          <p className="muted small">{t('bk_cert_how')}</p>
        </div>
        <RedeemForm />
        {selected ? (
          <div className="alert alert-success" role="status">
            {t('bk_cert_applied', { name: selected.name || selected.code })}
          </div>
        ) : null}
        <div className="dialog-footer cluster">
          {selected ? (
            <button type="button" className="btn btn-primary" onClick={onApplied} data-autofocus>
              {t('bk_book_with_certificate')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={onContinue}>
            {t('bk_continue_without_certificate')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
