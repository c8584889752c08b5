import { Trans, useLingui } from '@lingui/react/macro';
import { type CampaignDto, campaignSchedule, campaignScheduleLimits, defaultManagerSchedule } from '@zapdesk/core';
import { useState } from 'react';
import { toastError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { useCompanyTimeZone } from '../schedules/use-company-time-zone';
import { fromZonedInput, toZonedInput } from '../schedules/zoned-time';
import { updateCampaign } from './campaigns-api';

/**
 * The campaign schedule dialog of the list and the manager (spec 2 §5/§9): from now to 2 months ahead, proposing
 * now + 2 hours; typed on the company's clock. "Remover agendamento" clears it (null).
 */
export function CampaignScheduleDialog({
  campaign,
  onClose,
  onSaved,
}: {
  campaign: CampaignDto;
  onClose: () => void;
  onSaved: (c: CampaignDto) => void;
}) {
  const { t } = useLingui();
  const zone = useCompanyTimeZone();
  const [openedAt] = useState(() => Date.now());
  const [value, setValue] = useState(() =>
    toZonedInput(
      campaign.schedule && Date.parse(campaign.schedule) > openedAt
        ? campaign.schedule
        : new Date(Math.ceil(defaultManagerSchedule(openedAt) / 60_000) * 60_000).toISOString(),
      zone,
    ),
  );
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const limits = campaignScheduleLimits(openedAt, 'manager');

  const save = async (schedule: string | null) => {
    if (schedule !== null) {
      const parsed = campaignSchedule(Date.now(), 'manager').safeParse(schedule);
      if (!parsed.success) {
        setError(translateValidation(parsed.error.issues[0]?.message));
        return;
      }
    }
    setBusy(true);
    try {
      const saved = await updateCampaign(campaign.id, { schedule });
      toast.success(schedule ? t`Campanha agendada` : t`Agendamento removido`);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Agendar campanha</Trans>}
      size="sm"
      testId="campaign-schedule-dialog"
      actions={
        <>
          {campaign.schedule ? (
            <button
              type="button"
              className="btn btn-ghost text-error mr-auto"
              disabled={busy}
              onClick={() => void save(null)}
              data-testid="campaign-schedule-clear"
            >
              <Trans>Remover agendamento</Trans>
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            <Trans>Cancelar</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void save(fromZonedInput(value, zone) ?? '')}
            data-testid="campaign-schedule-save"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Salvar</Trans>
          </button>
        </>
      }
    >
      <FormField
        label={<Trans>Data de início</Trans>}
        error={error}
        hint={<Trans>Até 2 meses a partir de agora. Horário de {zone}</Trans>}
      >
        <input
          type="datetime-local"
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={value}
          min={toZonedInput(new Date(limits.min), zone)}
          max={toZonedInput(new Date(limits.max), zone)}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          data-testid="campaign-schedule-input"
        />
      </FormField>
      <p className="mt-2 text-sm text-base-content/70">
        <Trans>No horário marcado a campanha começa sozinha (ou pausada, conforme a configuração).</Trans>
      </p>
    </Modal>
  );
}
