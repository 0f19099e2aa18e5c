// A password field with a show/hide toggle; the input holds at most 13 characters (docs/product.md#validation).
import { useState, type InputHTMLAttributes } from 'react';
import { PASSWORD_MAX_LENGTH } from '../../shared/rules/password';
import { useT } from '../../stores/locale';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
};

export default function PasswordInput({ id, value, onValue, className, ...rest }: Props) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="input-group pw-group">
      <input
        {...rest}
        id={id}
        className={`input ${className ?? ''}`}
        type={shown ? 'text' : 'password'}
        maxLength={PASSWORD_MAX_LENGTH}
        value={value}
        onChange={(e) => onValue(e.target.value.slice(0, PASSWORD_MAX_LENGTH))}
        autoCapitalize="none"
        spellCheck={false}
      />
      <button
        type="button"
        className="btn pw-toggle"
        aria-controls={id}
        aria-pressed={shown}
        aria-label={shown ? t('auth_hide_password') : t('auth_show_password')}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? (
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A9.8 9.8 0 0 1 12 5c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.4 3.5M6.1 6.1C4 7.5 2.6 9.6 2 12c1 2.5 5 7 10 7 1.8 0 3.4-.5 4.8-1.3" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
        )}
      </button>
    </div>
  );
}
