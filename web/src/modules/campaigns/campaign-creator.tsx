import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CampaignSetupDto,
  campaignSchedule,
  campaignScheduleLimits,
  creatorProblems,
  type SendListEntry,
} from '@zapdesk/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { apiFetch } from '../../lib/api';
import { parseApiError, toastError, translateValidation } from '../../lib/errors';
import { FormField, ToggleField } from '../../ui/form-field';
import { IconArrowLeft, IconSend } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { NoPermission } from '../../ui/no-permission';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { useCompanyTimeZone } from '../schedules/use-company-time-zone';
import { fromZonedInput, toZonedInput } from '../schedules/zoned-time';
import { CampaignContactsBuilder } from './campaign-contacts-builder';
import { CampaignMessagesBuilder, phoneMessageOf } from './campaign-messages-builder';
import { CampaignPhone } from './campaign-phone';
import { CampaignSetupInfo, setupButtons } from './campaign-setup-info';
import { type CreatorMessage, createCampaignV1, fetchCampaign, fetchSetupOptions } from './campaigns-api';

/** /CampaignsCreator/{campaignId?} (spec 2 §2): campaigns users only; an id starts from a copy of that campaign. */
export function CampaignCreatorScreen({ copyOf }: { copyOf: number | null }) {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useCampaigns) return <NoPermission />;
  return <CampaignCreator copyOf={copyOf} />;
}

export function Section({
  title,
  children,
  aside,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100" data-testid={testId}>
      <header className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-2.5">
        <h2 className="font-semibold">{title}</h2>
        {aside}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}

const EMPTY_DRAFT: CreatorMessage = { greeting: '', body: '', media: null };

/** A copied message's file: downloaded again with the session's token (the copy uploads its own). */
async function mediaFileOf(url: string | null, name: string | null): Promise<File | null> {
  if (!url) return null;
  const res = await apiFetch(url);
  if (!res.ok) return null;
  const blob = await res.blob();
  return new File([blob], name || 'arquivo', { type: blob.type });
}

function CampaignCreator({ copyOf }: { copyOf: number | null }) {
  const { t } = useLingui();
  const zone = useCompanyTimeZone();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [setups, setSetups] = useState<CampaignSetupDto[] | null>(null);
  const [setupId, setSetupId] = useState<number | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [schedule, setSchedule] = useState('');
  const [scheduleError, setScheduleError] = useState<string | undefined>();
  const [messages, setMessages] = useState<CreatorMessage[]>([]);
  const [selected, setSelected] = useState(0);
  const [draft, setDraft] = useState<CreatorMessage>(EMPTY_DRAFT);
  const [sendList, setSendList] = useState<SendListEntry[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchSetupOptions().then(
      (s) => alive && setSetups(s),
      (err) => {
        if (!alive) return;
        setSetups([]);
        toastError(err);
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  // a copy: the campaign's name, setup and messages (its contacts are chosen again)
  useEffect(() => {
    if (!copyOf) return;
    let alive = true;
    (async () => {
      const { campaign } = await fetchCampaign(copyOf);
      const copied = await Promise.all(
        campaign.campaignMessages.map(async (m) => ({
          greeting: m.greeting,
          body: m.body,
          media: m.typeMessage === 'Mídia' ? await mediaFileOf(m.mediaUrl, m.mediaName) : null,
        })),
      );
      if (!alive) return;
      setName(campaign.name);
      setSetupId(campaign.campaignSetupId);
      setMessages(copied);
    })().catch((err) => alive && toastError(err));
    return () => {
      alive = false;
    };
  }, [copyOf]);

  const setup = setups?.find((s) => s.id === setupId) ?? null;
  const drafting = draft.greeting.trim() || draft.body.trim() || draft.media;
  const shown = drafting ? draft : (messages[selected] ?? messages[0] ?? null);

  const toggleSchedule = (on: boolean) => {
    setScheduled(on);
    setScheduleError(undefined);
    // spec 2 §4: switching the toggle off clears the schedule
    if (!on) setSchedule('');
    else setSchedule(toZonedInput(new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000), zone));
  };

  const submit = async () => {
    const problem = creatorProblems({ name, campaignSetupId: setupId, messages, sendList });
    if (problem) {
      toast.warning(translateValidation(problem) ?? problem);
      return;
    }
    let scheduleIso: string | null = null;
    if (scheduled) {
      const parsed = campaignSchedule(Date.now(), 'creator').safeParse(fromZonedInput(schedule, zone) ?? 'x');
      if (!parsed.success) {
        const text = translateValidation(parsed.error.issues[0]?.message);
        setScheduleError(text);
        toast.warning(text ?? '');
        return;
      }
      scheduleIso = parsed.data;
    }
    setSaving(true);
    try {
      const id = await createCampaignV1({
        setupId: setupId as number,
        name: name.trim(),
        schedule: scheduleIso,
        messages,
        sendList,
      });
      toast.success(t`Campanha criada`);
      navigate(`/CampaignsManager/${id}`);
    } catch (err) {
      // spec 2 §8: the server's error text as an error toast
      toast.error(translateValidation(parseApiError(err)) ?? parseApiError(err));
    } finally {
      setSaving(false);
    }
  };

  const limits = campaignScheduleLimits(Date.now(), 'creator');

  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid="campaign-creator">
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6">
        <Link href="/Campaigns" className="btn btn-ghost btn-sm btn-square" aria-label={t`Voltar`} title={t`Voltar`}>
          <IconArrowLeft size={18} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">
            {copyOf ? <Trans>Copiar campanha</Trans> : <Trans>Nova campanha</Trans>}
          </h1>
          <p className="truncate text-sm text-base-content/60">
            <Trans>Nome, configuração, mensagens e contatos</Trans>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={saving}
          onClick={() => void submit()}
          data-testid="creator-submit"
        >
          {saving ? <span className="loading loading-spinner loading-sm" /> : <IconSend size={16} />}
          <Trans>Criar campanha</Trans>
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="grid grid-cols-1 gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_300px] sm:px-6">
          <div className="flex min-w-0 flex-col gap-4">
            <Section title={<Trans>Campanha</Trans>} testId="creator-campaign">
              <div className="grid grid-cols-1 gap-x-4 md:grid-cols-2">
                <FormField label={<Trans>Nome da campanha</Trans>}>
                  <input
                    className="input w-full"
                    value={name}
                    maxLength={100}
                    onChange={(e) => setName(e.target.value)}
                    autoFocus
                    data-testid="creator-name"
                  />
                </FormField>
                <FormField label={<Trans>Configuração da campanha</Trans>}>
                  <IdSelect
                    value={setupId}
                    onChange={setSetupId}
                    options={setups ?? []}
                    emptyLabel={setups === null ? t`Carregando…` : t`Selecione uma configuração`}
                    testId="creator-setup"
                  />
                </FormField>
                <div className="md:col-span-2 flex flex-wrap items-start gap-3 pt-2">
                  <div className="min-w-[16rem] flex-1">
                    <ToggleField
                      label={<Trans>Agendar o início</Trans>}
                      description={<Trans>Sem agendamento a campanha começa ao ser criada.</Trans>}
                      checked={scheduled}
                      onChange={toggleSchedule}
                      testId="creator-schedule-toggle"
                    />
                  </div>
                  {scheduled ? (
                    <FormField
                      label={<Trans>Início</Trans>}
                      error={scheduleError}
                      hint={<Trans>Até 1 mês a partir de agora. Horário de {zone}</Trans>}
                      className="min-w-[14rem] flex-1 pt-0"
                    >
                      <input
                        type="datetime-local"
                        className={`input w-full ${scheduleError ? 'input-error' : ''}`}
                        value={schedule}
                        min={toZonedInput(new Date(limits.min), zone)}
                        max={toZonedInput(new Date(limits.max), zone)}
                        onChange={(e) => {
                          setSchedule(e.target.value);
                          setScheduleError(undefined);
                        }}
                        data-testid="creator-schedule"
                      />
                    </FormField>
                  ) : null}
                </div>
              </div>
              {setups !== null && setups.length === 0 ? (
                <p className="mt-3 text-sm text-warning" data-testid="creator-no-setup">
                  <Trans>
                    Nenhuma configuração de campanha.{' '}
                    <Link href="/CampaignSetups" className="link">
                      Crie uma configuração
                    </Link>{' '}
                    com as conexões que farão os envios.
                  </Trans>
                </p>
              ) : null}
            </Section>
            <Section
              title={<Trans>Mensagens</Trans>}
              aside={
                <span className="text-xs text-base-content/60" data-testid="creator-message-count">
                  {messages.length}/5
                </span>
              }
            >
              <CampaignMessagesBuilder
                messages={messages}
                onChange={setMessages}
                selected={selected}
                onSelect={setSelected}
                draft={draft}
                onDraft={setDraft}
              />
            </Section>
            <Section title={<Trans>Contatos</Trans>}>
              <CampaignContactsBuilder list={sendList} onChange={setSendList} />
            </Section>
          </div>
          <aside className="flex flex-col gap-4 lg:sticky lg:top-0 lg:self-start" data-testid="creator-preview">
            <CampaignPhone
              title={setup?.whatsapps[0]?.name ?? t`Contato`}
              message={shown ? phoneMessageOf(shown) : null}
              buttons={setupButtons(setup)}
              empty={<Trans>Escreva a saudação e a mensagem: a prévia aparece aqui.</Trans>}
            />
            {setup ? (
              <div className="rounded-box border border-base-300 px-3 py-2">
                <CampaignSetupInfo setup={setup} testId="creator-setup-info" />
              </div>
            ) : null}
          </aside>
        </div>
      </div>
    </div>
  );
}
