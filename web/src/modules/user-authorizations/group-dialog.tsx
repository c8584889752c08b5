import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_GROUP_FLAGS,
  type PermissionGroupFlags,
  type UserAuthorizationDto,
  UserAuthorizationInput,
} from '@zapdesk/core';
import { useState } from 'react';
import { errorParts, parseApiError, toastError, translateValidation } from '../../lib/errors';
import { FormDialog, NameField } from '../../ui/form-dialog';
import { FormField, ToggleField } from '../../ui/form-field';
import { toast } from '../../ui/toasts/toast';
import { GROUP_FLAGS, VIEW_MESSAGES_OPTIONS } from './group-flags';
import { createGroup, updateGroup } from './user-authorizations-api';

function flagsOf(g: UserAuthorizationDto | null): PermissionGroupFlags {
  if (!g) return { ...DEFAULT_GROUP_FLAGS };
  const { id: _id, name: _n, companyId: _c, createdAt: _ca, updatedAt: _ua, ...flags } = g;
  return flags;
}

/**
 * Add/edit a permission group: name 2–50 and every flag. A new group starts from spec 1 §9's defaults
 * (allowNoQueue 1, allowMultipleTickets 0, enableAdministration 1, enableDash 1; core DEFAULT_GROUP_FLAGS).
 */
export function GroupDialog({
  group,
  onClose,
  onSaved,
}: {
  group: UserAuthorizationDto | null;
  onClose: () => void;
  onSaved: (g: UserAuthorizationDto) => void;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState(group?.name ?? '');
  const [flags, setFlags] = useState<PermissionGroupFlags>(() => flagsOf(group));
  const [nameError, setNameError] = useState<string>();

  const submit = async () => {
    const parsed = UserAuthorizationInput.safeParse({ name, ...flags });
    if (!parsed.success) {
      setNameError(translateValidation(parsed.error.issues.find((i) => i.path[0] === 'name')?.message));
      return;
    }
    setNameError(undefined);
    try {
      const input = { name: parsed.data.name, ...flags };
      const saved = group ? await updateGroup(group.id, input) : await createGroup(input);
      toast.success(t`Salvo com sucesso`);
      onSaved(saved);
    } catch (err) {
      if (errorParts(err).code === 'ERR_NAME_EXISTS') setNameError(parseApiError(err));
      toastError(err);
    }
  };

  return (
    <FormDialog
      title={group ? <Trans>Editar grupo de permissões</Trans> : <Trans>Adicionar grupo de permissões</Trans>}
      size="lg"
      testId="group-dialog"
      saveTestId="group-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <NameField
        value={name}
        onChange={(v) => {
          setName(v);
          setNameError(undefined);
        }}
        error={nameError}
        testId="group-name"
        errorTestId="group-name-error"
      />
      <div>
        <h4 className="mb-2 text-sm font-semibold">
          <Trans>Permissões</Trans>
        </h4>
        <div className="grid gap-2 sm:grid-cols-2">
          {GROUP_FLAGS.map((f) => (
            <ToggleField
              key={f.key}
              label={i18n._(f.label)}
              description={i18n._(f.description)}
              checked={flags[f.key]}
              onChange={(on) => setFlags((x) => ({ ...x, [f.key]: on }))}
              testId={`group-flag-${f.key}`}
            />
          ))}
        </div>
      </div>
      <FormField label={<Trans>Visualização de mensagens</Trans>}>
        <select
          className="select w-full"
          value={flags.viewMessagesByTicket}
          onChange={(e) => setFlags((x) => ({ ...x, viewMessagesByTicket: Number(e.target.value) as 0 | 1 | 2 }))}
          data-testid="group-view-messages"
        >
          {VIEW_MESSAGES_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {i18n._(o.label)}
            </option>
          ))}
        </select>
      </FormField>
    </FormDialog>
  );
}
