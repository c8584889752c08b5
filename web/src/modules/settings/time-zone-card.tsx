import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIMEZONE } from '@zapdesk/core';
import { type FormEvent, useMemo, useState } from 'react';
import { toastError } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { IconClock } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { useSessionUser } from '../auth/use-capabilities';
import { formatZoned, timeZoneNames } from '../schedules/zoned-time';
import { applyCompanyBranding } from './company-branding';
import { SectionCard } from './section-card';
import { saveCompanyTimeZone } from './settings-api';

/** "UTC−03:00" of a zone now (the select's hint of each name). */
function offsetLabel(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC' : (part ?? '').replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/**
 * The company's time zone (issue 14): the clock schedules are typed, listed and repeated on (a weekly 09:00 stays
 * 09:00 there). IANA names grouped by region; default America/Sao_Paulo. Administrators (the settings screen).
 */
export function TimeZoneCard() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const current = user?.company.timezone || DEFAULT_TIMEZONE;
  const [zone, setZone] = useState(current);
  const [saving, setSaving] = useState(false);
  const [now] = useState(() => new Date());
  const groups = useMemo(() => {
    const names = timeZoneNames();
    if (!names.includes(current)) names.unshift(current);
    const byRegion = new Map<string, { name: string; label: string }[]>();
    for (const name of names) {
      const region = name.includes('/') ? name.slice(0, name.indexOf('/')) : 'UTC';
      const list = byRegion.get(region) ?? [];
      list.push({ name, label: `${name.replaceAll('_', ' ')} (${offsetLabel(name, now)})` });
      byRegion.set(region, list);
    }
    return [...byRegion.entries()];
  }, [current, now]);

  if (!user) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await saveCompanyTimeZone(user.companyId, zone);
      applyCompanyBranding(saved);
      toast.success(t`Salvo com sucesso`);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const example = formatZoned(now.toISOString(), zone, i18n.locale);

  return (
    <SectionCard
      icon={<IconClock size={20} />}
      title={<Trans>Fuso horário</Trans>}
      description={
        <Trans>Os agendamentos são marcados, exibidos e repetidos no horário deste fuso, para todos os usuários.</Trans>
      }
      testId="settings-timezone"
    >
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
        <FormField
          label={<Trans>Fuso horário da empresa</Trans>}
          hint={<Trans>Agora nesse fuso: {example}</Trans>}
          className="min-w-0 flex-1"
        >
          <select
            className="select w-full"
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            data-testid="settings-timezone-select"
          >
            {groups.map(([region, zones]) => (
              <optgroup key={region} label={region}>
                {zones.map((z) => (
                  <option key={z.name} value={z.name}>
                    {z.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FormField>
        <button
          type="submit"
          className="btn btn-primary sm:mb-7"
          disabled={saving || zone === current}
          data-testid="settings-timezone-save"
        >
          {saving ? <span className="loading loading-spinner loading-sm" /> : null}
          <Trans>Salvar</Trans>
        </button>
      </form>
    </SectionCard>
  );
}
