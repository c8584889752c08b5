import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { ActionModal } from '../../ui/action-modal';
import { toast } from '../../ui/toasts/toast';
import { last30Days } from './format';
import { DateRangeFields } from './ticket-fields';
import { exportTicketsXlsx } from './tickets-api';

/** Export (allowTicketExport): tickets created in a range (last 30 days by default), of this contact or all. */
export function ExportTicketsModal({ ticket, onClose }: { ticket?: TicketDto; onClose: () => void }) {
  const { t } = useLingui();
  const range = last30Days(new Date());
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [onlyContact, setOnlyContact] = useState(!!ticket);

  const submit = async () => {
    try {
      await exportTicketsXlsx({
        initialDate: from,
        finalDate: to,
        contact: onlyContact && ticket ? ticket.contactId : null,
      });
      toast.success(t`Planilha gerada`);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ActionModal
      title={<Trans>Exportar tickets</Trans>}
      size="sm"
      testId="export-modal"
      onClose={onClose}
      onConfirm={submit}
      disabled={!from || !to}
      confirmLabel={<Trans>Exportar</Trans>}
      confirmTestId="export-confirm"
    >
      <div className="grid grid-cols-2 gap-3">
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} testIdPrefix="export" />
      </div>
      {ticket ? (
        <label className="mt-3 flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            checked={onlyContact}
            onChange={(e) => setOnlyContact(e.target.checked)}
          />
          <Trans>Somente tickets de {ticket.contact.name}</Trans>
        </label>
      ) : null}
    </ActionModal>
  );
}
