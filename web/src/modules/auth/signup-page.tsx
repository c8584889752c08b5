import { Trans, useLingui } from '@lingui/react/macro';
import { SignupInput } from '@zapdesk/core/auth/auth.schemas';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError, fieldErrors, parseApiError, translateValidation } from '../../lib/errors';
import { HOME_PATH } from '../../lib/route-types';
import { IconAlert, IconMail, IconUser } from '../../ui/icons';
import { PasswordInput } from '../../ui/password-input';
import { toast } from '../../ui/toasts/toast';
import { AuthCard } from './auth-card';
import { signup } from './session';

type Field = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** /signup (spec 1 §2, §5): name 2–50, email required and valid, password 5–50 with show/hide, link to /login. */
export default function SignupPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = SignupInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await signup({ name: parsed.data.name, email: parsed.data.email, password: parsed.data.password });
      if (user) {
        toast.success(t`Cadastro realizado com sucesso`);
        navigate(HOME_PATH, { replace: true });
      } else {
        // the same words whether or not the e-mail had an account (the server tells no more)
        toast.info(t`Cadastro recebido. Entre com o seu e-mail e senha.`);
        navigate('/login', { replace: true });
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const next: FieldErrors = {};
        for (const [k, v] of Object.entries(err.fields)) next[k as Field] = translateValidation(v);
        setErrors(next);
      }
      setError(parseApiError(err));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (k: Field) =>
    errors[k] ? (
      <p className="label text-error" data-testid={`signup-${k}-error`}>
        {errors[k]}
      </p>
    ) : null;

  return (
    <AuthCard title={<Trans>Criar conta</Trans>} subtitle={<Trans>Comece a atender pelo WhatsApp em minutos</Trans>}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="signup-form">
        {error ? (
          <div role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="signup-error">
            <IconAlert size={18} />
            <span>{error}</span>
          </div>
        ) : null}
        <fieldset className="fieldset gap-1">
          <legend className="fieldset-legend">
            <Trans>Nome</Trans>
          </legend>
          <label className={`input w-full ${errors.name ? 'input-error' : ''}`}>
            <IconUser size={18} className="opacity-50" />
            <input
              name="name"
              className="grow"
              value={form.name}
              onChange={set('name')}
              autoComplete="name"
              autoFocus
              data-testid="signup-name"
            />
          </label>
          {fieldError('name')}
        </fieldset>
        <fieldset className="fieldset gap-1">
          <legend className="fieldset-legend">
            <Trans>E-mail</Trans>
          </legend>
          <label className={`input w-full ${errors.email ? 'input-error' : ''}`}>
            <IconMail size={18} className="opacity-50" />
            <input
              type="email"
              name="email"
              className="grow"
              value={form.email}
              onChange={set('email')}
              autoComplete="email"
              placeholder={t`seu@email.com`}
              data-testid="signup-email"
            />
          </label>
          {fieldError('email')}
        </fieldset>
        <fieldset className="fieldset gap-1">
          <legend className="fieldset-legend">
            <Trans>Senha</Trans>
          </legend>
          <PasswordInput
            name="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            invalid={!!errors.password}
            data-testid="signup-password"
          />
          {fieldError('password')}
        </fieldset>
        <button type="submit" className="btn btn-primary btn-block mt-2" disabled={busy} data-testid="signup-submit">
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          <Trans>Cadastrar</Trans>
        </button>
        <p className="text-center text-sm text-base-content/70">
          <Trans>Já tem uma conta?</Trans>{' '}
          <Link href="/login" className="link link-primary font-medium" data-testid="login-link">
            <Trans>Entrar</Trans>
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
