import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { last30Days } from './format';
import { exportTicketsXlsx } from './tickets-api';

/** Export (allowTicketExport): tickets created in a range (last 30 days by default), of this contact or all. */
export function ExportTicketsModal({ ticket, onClose }: { ticket?: TicketDto; onClose: () => void }) {
  const { t } = useLingui();
  const range = last30Days(new Date());
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [onlyContact, setOnlyContact] = useState(!!ticket);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Exportar tickets</Trans>}
      size="sm"
      testId="export-modal"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={submit}
            disabled={busy || !from || !to}
            data-testid="export-confirm"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Exportar</Trans>
          </button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField label={<Trans>Data inicial</Trans>}>
          <input
            type="date"
            className="input w-full"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="export-from"
          />
        </FormField>
        <FormField label={<Trans>Data final</Trans>}>
          <input
            type="date"
            className="input w-full"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            data-testid="export-to"
          />
        </FormField>
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
    </Modal>
  );
}
