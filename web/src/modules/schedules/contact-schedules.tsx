import { Trans, useLingui } from '@lingui/react/macro';
import { events, type ScheduleDto, type ScheduleEvent, schedulePreview } from '@zapdesk/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { IconCalendar, IconExternal, IconPlus } from '../../ui/icons';
import { useCrudList } from '../../ui/use-crud-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { type ScheduleEditor, useScheduleAccess } from './schedule-dialog';
import { ScheduleListDialogs, ScheduleRowActions } from './schedule-row-actions';
import { bySchedule } from './schedule-rules';
import { deleteSchedule, fetchSchedulesPage } from './schedules-api';
import { useCompanyTimeZone } from './use-company-time-zone';
import { formatZoned } from './zoned-time';

/**
 * The contact side drawer's schedules (spec 1 §2): "add schedule" with the contact chosen, the contact's pending
 * schedules with edit, copy and delete (kept live), and a link to all of them in /schedules. Plan-gated.
 */
export function ContactSchedules({ contact }: { contact: { id: number; name: string; number: string } }) {
  const caps = useCapabilities();
  if (!caps?.useSchedules) return null;
  return <PendingSchedules contact={contact} />;
}

function PendingSchedules({ contact }: { contact: { id: number; name: string; number: string } }) {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const zone = useCompanyTimeZone();
  const access = useScheduleAccess();
  const [editor, setEditor] = useState<ScheduleEditor | null>(null);
  const crud = useCrudList<ScheduleDto, ScheduleEvent>({
    fetchPage: (_k, page) => fetchSchedulesPage({ searchParam: '', status: 'PENDENTE', contactId: contact.id }, page),
    search: String(contact.id),
    compare: bySchedule,
    matches: (s) => s.contactId === contact.id && s.status === 'PENDENTE',
    channel: user ? events.schedule.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'reload' ? 'reload' : e.action === 'delete' ? e.scheduleId : e.schedule),
    deleteItem: deleteSchedule,
    deletedMessage: t`Agendamento excluído com sucesso`,
  });
  const { list } = crud;

  return (
    <div className="w-full" data-testid="contact-schedules">
      <div className="mb-1 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold">
          <Trans>Agendamentos pendentes</Trans>
        </p>
        <Link
          href={`/schedules?contactId=${contact.id}`}
          className="link link-hover flex items-center gap-1 text-xs text-primary"
          data-testid="contact-schedules-all"
        >
          <Trans>Ver todos</Trans>
          <IconExternal size={12} />
        </Link>
      </div>
      {list.initialLoading ? (
        <div className="flex justify-center py-3">
          <span className="loading loading-dots loading-sm" />
        </div>
      ) : list.items.length ? (
        <ul className="divide-y divide-base-200 rounded-box border border-base-300 text-sm">
          {list.items.map((s) => (
            <li key={s.id} className="flex items-start gap-2 px-3 py-2" data-testid="contact-schedule" data-id={s.id}>
              <IconCalendar size={16} className="mt-0.5 shrink-0 opacity-60" />
              <div className="min-w-0 flex-1">
                <p className="text-xs tabular-nums text-base-content/60">
                  {formatZoned(s.nextSendAt ?? s.sendAt, zone, i18n.locale)}
                </p>
                <p className="break-words" title={s.body}>
                  {schedulePreview(s)}
                </p>
              </div>
              <div className="flex shrink-0">
                <ScheduleRowActions
                  schedule={s}
                  canManage={access.canManage(s)}
                  setEditor={setEditor}
                  onDelete={crud.setDeleting}
                  iconSize={14}
                  testIdPrefix="contact-schedule"
                />
              </div>
            </li>
          ))}
          {list.hasMore ? (
            <li className="px-3 py-2 text-center">
              <button type="button" className="btn btn-ghost btn-xs" onClick={list.loadMore} disabled={list.loading}>
                <Trans>Carregar mais</Trans>
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="text-sm text-base-content/60">
          <Trans>Nenhum agendamento pendente.</Trans>
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm mt-2 w-full"
        onClick={() => setEditor({ schedule: null, copy: false, contact })}
        data-testid="contact-schedule-add"
      >
        <IconPlus size={14} />
        <Trans>Agendar mensagem</Trans>
      </button>
      <ScheduleListDialogs editor={editor} setEditor={setEditor} crud={crud}>
        {(s) => {
          const when = formatZoned(s.nextSendAt ?? s.sendAt, zone, i18n.locale);
          return <Trans>Excluir o agendamento de {when}? Esta ação não pode ser desfeita.</Trans>;
        }}
      </ScheduleListDialogs>
    </div>
  );
}
