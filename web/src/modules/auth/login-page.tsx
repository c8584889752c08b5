import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { parseApiError } from '../../lib/errors';
import { HOME_PATH } from '../../lib/route-types';
import { IconAlert, IconMail } from '../../ui/icons';
import { PasswordInput } from '../../ui/password-input';
import { AuthCard } from './auth-card';
import { login } from './session';

/** /login (spec 1 §2): email, password with show/hide, Acessar, link to /signup. */
export default function LoginPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login(email.trim(), password);
      navigate(HOME_PATH, { replace: true });
    } catch (err) {
      setError(parseApiError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={<Trans>Entrar</Trans>} subtitle={<Trans>Acesse sua conta para atender seus clientes</Trans>}>
      <form className="flex flex-col gap-4" onSubmit={submit} data-testid="login-form">
        {error ? (
          <div role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="login-error">
            <IconAlert size={18} />
            <span>{error}</span>
          </div>
        ) : null}
        <fieldset className="fieldset gap-1">
          <legend className="fieldset-legend">
            <Trans>E-mail</Trans>
          </legend>
          <label className="input w-full">
            <IconMail size={18} className="opacity-50" />
            <input
              type="email"
              name="email"
              className="grow"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              autoFocus
              required
              placeholder={t`seu@email.com`}
              data-testid="login-email"
            />
          </label>
        </fieldset>
        <fieldset className="fieldset gap-1">
          <legend className="fieldset-legend">
            <Trans>Senha</Trans>
          </legend>
          <PasswordInput
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
            data-testid="login-password"
          />
        </fieldset>
        <button type="submit" className="btn btn-primary btn-block mt-2" disabled={busy} data-testid="login-submit">
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          <Trans>Acessar</Trans>
        </button>
        <p className="text-center text-sm text-base-content/70">
          <Trans>Não tem uma conta?</Trans>{' '}
          <Link href="/signup" className="link link-primary font-medium" data-testid="signup-link">
            <Trans>Cadastre-se</Trans>
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
