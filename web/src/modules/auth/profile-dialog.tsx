import { Trans, useLingui } from '@lingui/react/macro';
import { nameField, passwordField } from '@zapdesk/core/users/user.fields';
import { parseResponse } from 'hono/client';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { errorParts, toastError, translateValidation } from '../../lib/errors';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { FormActions } from '../../ui/form-dialog';
import { Modal } from '../../ui/modal';
import { PasswordInput } from '../../ui/password-input';
import { toast } from '../../ui/toasts/toast';
import { clampVolume, NOTIFICATION_DEFAULT_VOLUME } from '../preferences/volume';
import { patchSessionUser } from './session';
import { useSessionUser } from './use-capabilities';

type Errors = { name?: string; password?: string; currentPassword?: string };

/**
 * The user's own profile (user menu → Perfil): name, password (optional) and volume, via PUT /users/{id}. A new
 * password needs the current one (the API refuses it otherwise and then ends the user's other sessions), the same
 * rule as the user modal's.
 */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSessionUser();
  const { t } = useLingui();
  const [name, setName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [volume, setVolume] = useState(clampVolume(user?.volume) ?? NOTIFICATION_DEFAULT_VOLUME);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = nameField().safeParse(name);
    const p = password ? passwordField().safeParse(password) : null;
    const next: Errors = {
      name: n.success ? undefined : translateValidation(n.error.issues[0]?.message),
      password: p && !p.success ? translateValidation(p.error.issues[0]?.message) : undefined,
      currentPassword: password && !currentPassword ? t`Informe a senha atual` : undefined,
    };
    setErrors(next);
    if (next.name || next.password || next.currentPassword || !n.success) return;
    setSaving(true);
    try {
      await parseResponse(
        api.users[':id'].$put({
          param: { id: String(user.id) },
          json: { name: n.data, volume, ...(password ? { password, currentPassword } : {}) },
        }),
      );
      patchSessionUser({ name: n.data, volume });
      toast.success(t`Salvo com sucesso`);
      setPassword('');
      setCurrentPassword('');
      onClose();
    } catch (err) {
      const { code, message } = errorParts(err);
      if (code === 'ERR_VALIDATION' && password && message === 'Senha atual incorreta')
        setErrors({ currentPassword: t`Senha atual incorreta` });
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={<Trans>Perfil</Trans>} testId="profile-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            <Trans>Nome</Trans>
          </legend>
          <input
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            autoComplete="name"
            data-testid="profile-name"
          />
          {errors.name ? <p className="label text-error">{errors.name}</p> : null}
        </fieldset>
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            <Trans>E-mail</Trans>
          </legend>
          <input className="input w-full" value={user.email} disabled readOnly />
        </fieldset>
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            <Trans>Nova senha</Trans>
          </legend>
          <PasswordInput
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            autoComplete="new-password"
            placeholder={t`Deixe em branco para manter a atual`}
            invalid={!!errors.password}
            data-testid="profile-password"
          />
          {errors.password ? <p className="label text-error">{errors.password}</p> : null}
        </fieldset>
        {password ? (
          <CurrentPasswordField
            value={currentPassword}
            onChange={(v) => {
              setCurrentPassword(v);
              setErrors((x) => ({ ...x, currentPassword: undefined }));
            }}
            error={errors.currentPassword}
            testId="profile-current-password"
          />
        ) : null}
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            <Trans>Volume das notificações</Trans>
          </legend>
          <div className="flex items-center gap-4">
            <input
              type="range"
              min={0}
              max={100}
              value={volume}
              onChange={(e) => setVolume(Number(e.target.value))}
              className="range range-primary range-sm flex-1"
              aria-label={t`Volume`}
            />
            <span className="w-12 text-right font-mono text-sm tabular-nums">{volume}%</span>
          </div>
        </fieldset>
        <FormActions onCancel={onClose} saving={saving} saveTestId="profile-save" className="pt-2" />
      </form>
    </Modal>
  );
}
