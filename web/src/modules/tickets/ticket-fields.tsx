import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FormField } from '../../ui/form-field';
import { IdSelect } from '../../ui/id-select';
import type { QueueRef } from './tickets-api';

/** The "Fila" field of the ticket dialogs (accept, transfer, new ticket): empty = 'Selecione uma fila'. */
export function QueueField({
  value,
  onChange,
  options,
  error,
  hint,
  testId,
}: {
  value: number | null;
  onChange: (queueId: number | null) => void;
  options: readonly QueueRef[];
  error?: string;
  hint?: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <FormField label={<Trans>Fila</Trans>} error={error} hint={hint}>
      <IdSelect
        value={value}
        onChange={onChange}
        options={options}
        emptyLabel={t`Selecione uma fila`}
        testId={testId}
      />
    </FormField>
  );
}

/** 'Data inicial' and 'Data final' of the export and bulk-resolve dialogs (`{prefix}-from`, `{prefix}-to`). */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
  testIdPrefix,
}: {
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
  testIdPrefix: string;
}) {
  return (
    <>
      <FormField label={<Trans>Data inicial</Trans>}>
        <input
          type="date"
          className="input w-full"
          value={from}
          max={to}
          onChange={(e) => onFrom(e.target.value)}
          data-testid={`${testIdPrefix}-from`}
        />
      </FormField>
      <FormField label={<Trans>Data final</Trans>}>
        <input
          type="date"
          className="input w-full"
          value={to}
          min={from}
          onChange={(e) => onTo(e.target.value)}
          data-testid={`${testIdPrefix}-to`}
        />
      </FormField>
    </>
  );
}
