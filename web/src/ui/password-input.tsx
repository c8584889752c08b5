import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, useState } from 'react';
import { IconEye, IconEyeOff, IconLock } from './icons';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { invalid?: boolean };

/** Password field with the show/hide toggle of spec 1 §2 (login and sign-up). */
export function PasswordInput({ invalid, className, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  return (
    <label className={`input w-full ${invalid ? 'input-error' : ''} ${className ?? ''}`}>
      <IconLock size={18} className="opacity-50" />
      <input {...rest} type={visible ? 'text' : 'password'} className="grow" />
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t`Ocultar senha` : t`Mostrar senha`}
        aria-pressed={visible}
        data-testid="toggle-password"
      >
        {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
      </button>
    </label>
  );
}
