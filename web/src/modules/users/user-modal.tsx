import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type QueueDto,
  type UserAuthorizationDto,
  UserCreateInput,
  type UserDto,
  UserUpdateInput,
} from '@zapdesk/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { errorParts, fieldErrors, parseApiError, toastError } from '../../lib/errors';
import { ColorDot } from '../../ui/color-chip';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { FormActions } from '../../ui/form-dialog';
import { FormField, ToggleField } from '../../ui/form-field';
import { IconCheck } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { Modal } from '../../ui/modal';
import { PasswordInput } from '../../ui/password-input';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { NOTIFICATION_DEFAULT_VOLUME } from '../preferences/volume';
import { fetchQueues } from '../queues/queues-api';
import { fetchAllGroups } from '../user-authorizations/user-authorizations-api';
import { type UserSaveWarning, userSaveWarnings } from './user-warnings';
import { createUser, fetchConnections, updateUser } from './users-api';

type FieldName = 'name' | 'email' | 'password' | 'currentPassword';
type Errors = Partial<Record<FieldName, string>>;

export const WARNING_TEXT: Record<UserSaveWarning, MessageDescriptor> = {
  noGroup: msg`Defina o grupo de permissões`,
  noConnection: msg`Nenhuma conexão padrão foi definida para este usuário`,
  noQueue: msg`Nenhum setor padrão foi definido para este usuário`,
};

type Form = {
  name: string;
  email: string;
  password: string;
  /** asked only when you change your own password */
  currentPassword: string;
  profile: 'admin' | 'user';
  queueIds: number[];
  whatsappId: number | null;
  userAuthorizationId: number | null;
  greetingMessage: string;
  enableGreeting: boolean;
  signMessage: boolean;
  showAllTickets: boolean;
  volume: number;
  master: boolean;
  payPanelAccess: boolean;
};

function formOf(u: UserDto | null): Form {
  return {
    name: u?.name ?? '',
    email: u?.email ?? '',
    password: '',
    currentPassword: '',
    profile: u?.profile ?? 'user',
    queueIds: u?.queues.map((q) => q.id) ?? [],
    whatsappId: u?.whatsappId ?? null,
    userAuthorizationId: u?.userAuthorizationId ?? null,
    greetingMessage: u?.greetingMessage ?? '',
    enableGreeting: u?.enableGreeting ?? false,
    signMessage: u?.signMessage ?? false,
    showAllTickets: u?.showAllTickets ?? false,
    volume: u?.volume ?? NOTIFICATION_DEFAULT_VOLUME,
    master: u ? u.master === 1 : false,
    payPanelAccess: u?.payPanelAccess ?? false,
  };
}

type Options = {
  queues: QueueDto[];
  groups: UserAuthorizationDto[];
  connections: { id: number; name: string; isDefault: boolean }[];
};

function useOptions(): Options | null {
  const [opts, setOpts] = useState<Options | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([fetchQueues(), fetchAllGroups(), fetchConnections()])
      .then(([queues, groups, connections]) => alive && setOpts({ queues, groups, connections }))
      .catch((err) => {
        toastError(err);
        if (alive) setOpts({ queues: [], groups: [], connections: [] });
      });
    return () => {
      alive = false;
    };
  }, []);
  return opts;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-4">
      <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-base-content/60">{title}</h4>
      <div className="flex flex-col gap-1">{children}</div>
    </section>
  );
}

/**
 * The user modal (full screen, spec 1 §2, §3): every user field. Profile and queues only with
 * `user-modal:editProfile`; the master field only for masters; payPanelAccess for a master or a holder.
 * Saving warns (spec 1 §5) about a missing group, default connection or default sector.
 */
export function UserModal({
  user,
  onClose,
  onSaved,
}: {
  /** null = new user */
  user: UserDto | null;
  onClose: () => void;
  onSaved: (u: UserDto) => void;
}) {
  const { t, i18n } = useLingui();
  const caps = useCapabilities();
  const me = useSessionUser();
  const options = useOptions();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const canEditProfile = !!caps?.['user-modal:editProfile'];
  const canEditMaster = !!caps?.editMasterField;
  const canEditPayPanel = !!caps?.editPayPanelAccessField;
  // the API asks for the current password when you change your own (and then ends your other sessions)
  const ownPasswordChange = !!user && user.id === me?.id && form.password !== '';

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'name' || key === 'email' || key === 'password' || key === 'currentPassword')
      setErrors((x) => ({ ...x, [key]: undefined }));
  };
  const warnings = userSaveWarnings(form);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      name: form.name,
      email: form.email,
      password: form.password,
      ...(ownPasswordChange ? { currentPassword: form.currentPassword } : {}),
      queueIds: form.queueIds,
      whatsappId: form.whatsappId,
      userAuthorizationId: form.userAuthorizationId,
      greetingMessage: form.greetingMessage.trim() ? form.greetingMessage : null,
      enableGreeting: form.enableGreeting,
      signMessage: form.signMessage,
      showAllTickets: form.showAllTickets,
      volume: form.volume,
      ...(canEditProfile ? { profile: form.profile } : {}),
      ...(canEditMaster ? { master: form.master } : {}),
      ...(canEditPayPanel ? { payPanelAccess: form.payPanelAccess } : {}),
    };
    const parsed = user ? UserUpdateInput.safeParse(payload) : UserCreateInput.safeParse(payload);
    if (!parsed.success) {
      // the form shows the access fields' errors inline; the rest cannot be wrong from this form
      const { name, email, password } = fieldErrors<FieldName>(parsed.error.issues);
      setErrors({ name, email, password });
      return;
    }
    if (ownPasswordChange && !form.currentPassword) {
      setErrors({ currentPassword: t`Informe a senha atual` });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = user
        ? await updateUser(user.id, parsed.data as UserUpdateInput)
        : await createUser(parsed.data as UserCreateInput);
      toast.success(t`Salvo com sucesso`);
      for (const w of warnings) toast.warning(i18n._(WARNING_TEXT[w]));
      onSaved(saved);
    } catch (err) {
      const { code, message } = errorParts(err);
      if (code === 'ERR_EMAIL_ALREADY_EXISTS') setErrors({ email: parseApiError(err) });
      if (code === 'ERR_VALIDATION' && ownPasswordChange && message === 'Senha atual incorreta')
        setErrors({ currentPassword: t`Senha atual incorreta` });
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const toggleQueue = (id: number) =>
    set('queueIds', form.queueIds.includes(id) ? form.queueIds.filter((q) => q !== id) : [...form.queueIds, id]);

  return (
    <Modal
      open
      onClose={onClose}
      size="full"
      title={user ? <Trans>Editar usuário</Trans> : <Trans>Adicionar usuário</Trans>}
      testId="user-modal"
    >
      <form className="mx-auto flex w-full max-w-5xl flex-col gap-4 pb-2" onSubmit={submit} noValidate>
        <div className="grid gap-4 lg:grid-cols-2">
          <Section title={<Trans>Dados de acesso</Trans>}>
            <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="user-name-error">
              <input
                className={`input w-full ${errors.name ? 'input-error' : ''}`}
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                maxLength={60}
                autoComplete="off"
                autoFocus
                data-testid="user-name"
              />
            </FormField>
            <FormField label={<Trans>E-mail</Trans>} error={errors.email} errorTestId="user-email-error">
              <input
                type="email"
                className={`input w-full ${errors.email ? 'input-error' : ''}`}
                value={form.email}
                onChange={(e) => set('email', e.target.value)}
                autoComplete="off"
                data-testid="user-email"
              />
            </FormField>
            <FormField
              label={user ? <Trans>Nova senha</Trans> : <Trans>Senha</Trans>}
              error={errors.password}
              errorTestId="user-password-error"
              hint={<Trans>De 5 a 50 caracteres.</Trans>}
            >
              <PasswordInput
                value={form.password}
                onChange={(e) => set('password', e.target.value)}
                autoComplete="new-password"
                placeholder={user ? t`Deixe em branco para manter a atual` : undefined}
                invalid={!!errors.password}
                data-testid="user-password"
              />
            </FormField>
            {ownPasswordChange ? (
              <CurrentPasswordField
                value={form.currentPassword}
                onChange={(v) => set('currentPassword', v)}
                error={errors.currentPassword}
                testId="user-current-password"
              />
            ) : null}
            <FormField label={<Trans>Perfil</Trans>}>
              <select
                className="select w-full"
                value={form.profile}
                onChange={(e) => set('profile', e.target.value as 'admin' | 'user')}
                disabled={!canEditProfile}
                data-testid="user-profile"
              >
                <option value="user">{t`Usuário`}</option>
                <option value="admin">{t`Administrador`}</option>
              </select>
            </FormField>
          </Section>

          <Section title={<Trans>Atendimento</Trans>}>
            <FormField
              label={<Trans>Filas</Trans>}
              hint={
                warnings.includes('noQueue') ? (
                  <span className="text-warning">{i18n._(WARNING_TEXT.noQueue)}</span>
                ) : undefined
              }
            >
              {options === null ? (
                <span className="loading loading-dots loading-sm" />
              ) : options.queues.length === 0 ? (
                <span className="text-sm text-base-content/60">
                  <Trans>Nenhuma fila cadastrada</Trans>
                </span>
              ) : (
                <div className="flex flex-wrap gap-2" data-testid="user-queues">
                  {options.queues.map((q) => {
                    const on = form.queueIds.includes(q.id);
                    return (
                      <label
                        key={q.id}
                        className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${on ? 'border-primary bg-primary/10 font-medium' : 'border-base-300'} ${canEditProfile ? 'cursor-pointer' : 'opacity-60'}`}
                      >
                        <input
                          type="checkbox"
                          className="sr-only"
                          checked={on}
                          onChange={() => toggleQueue(q.id)}
                          disabled={!canEditProfile}
                          data-testid="user-queue"
                          data-name={q.name}
                        />
                        {on ? <IconCheck size={14} className="text-primary" /> : <ColorDot color={q.color} size={10} />}
                        {q.name}
                      </label>
                    );
                  })}
                </div>
              )}
            </FormField>
            <FormField
              label={<Trans>Conexão padrão</Trans>}
              hint={
                warnings.includes('noConnection') ? (
                  <span className="text-warning">{i18n._(WARNING_TEXT.noConnection)}</span>
                ) : undefined
              }
            >
              <IdSelect
                value={form.whatsappId}
                onChange={(id) => set('whatsappId', id)}
                options={options?.connections ?? []}
                emptyLabel={t`Nenhuma`}
                testId="user-whatsapp"
              />
            </FormField>
            <FormField
              label={<Trans>Grupo de permissões</Trans>}
              hint={
                warnings.includes('noGroup') ? (
                  <span className="text-warning">{i18n._(WARNING_TEXT.noGroup)}</span>
                ) : undefined
              }
            >
              <IdSelect
                value={form.userAuthorizationId}
                onChange={(id) => set('userAuthorizationId', id)}
                options={options?.groups ?? []}
                emptyLabel={t`Nenhum`}
                testId="user-group"
              />
            </FormField>
            <ToggleField
              label={<Trans>Ver todos os tickets</Trans>}
              description={<Trans>Abre a lista de tickets mostrando os de todos os atendentes.</Trans>}
              checked={form.showAllTickets}
              onChange={(v) => set('showAllTickets', v)}
              testId="user-show-all"
            />
          </Section>

          <Section title={<Trans>Saudação e assinatura</Trans>}>
            <FormField label={<Trans>Mensagem de saudação</Trans>}>
              <textarea
                className="textarea w-full"
                rows={3}
                value={form.greetingMessage}
                onChange={(e) => set('greetingMessage', e.target.value)}
                data-testid="user-greeting"
              />
            </FormField>
            <div className="grid gap-2 sm:grid-cols-2">
              <ToggleField
                label={<Trans>Enviar saudação</Trans>}
                description={<Trans>Ao aceitar um ticket</Trans>}
                checked={form.enableGreeting}
                onChange={(v) => set('enableGreeting', v)}
                testId="user-enable-greeting"
              />
              <ToggleField
                label={<Trans>Assinar mensagens</Trans>}
                description={<Trans>O nome do atendente vai no início da mensagem</Trans>}
                checked={form.signMessage}
                onChange={(v) => set('signMessage', v)}
                testId="user-sign-message"
              />
            </div>
          </Section>

          <Section title={<Trans>Notificações</Trans>}>
            <FormField label={<Trans>Volume das notificações</Trans>}>
              <div className="flex items-center gap-4">
                <input
                  type="range"
                  min={0}
                  max={100}
                  value={form.volume}
                  onChange={(e) => set('volume', Number(e.target.value))}
                  className="range range-primary range-sm flex-1"
                  aria-label={t`Volume`}
                  data-testid="user-volume"
                />
                <span className="w-12 text-right font-mono text-sm tabular-nums">{form.volume}%</span>
              </div>
            </FormField>
            {canEditMaster || canEditPayPanel ? (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {canEditMaster ? (
                  <ToggleField
                    label={<Trans>Master</Trans>}
                    description={<Trans>Acesso à administração SaaS da plataforma</Trans>}
                    checked={form.master}
                    onChange={(v) => set('master', v)}
                    testId="user-master"
                  />
                ) : null}
                {canEditPayPanel ? (
                  <ToggleField
                    label={<Trans>Painel financeiro</Trans>}
                    description={<Trans>Acesso ao painel financeiro da empresa</Trans>}
                    checked={form.payPanelAccess}
                    onChange={(v) => set('payPanelAccess', v)}
                    testId="user-pay-panel"
                  />
                ) : null}
              </div>
            ) : null}
          </Section>
        </div>

        <FormActions
          onCancel={onClose}
          saving={saving}
          saveTestId="user-save"
          className="sticky bottom-0 z-10 -mx-5 -mb-6 bg-base-100/95 px-5 py-3 backdrop-blur"
        />
      </form>
    </Modal>
  );
}
