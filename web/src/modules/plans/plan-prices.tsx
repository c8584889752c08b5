import { Trans } from '@lingui/react/macro';
import { formatBrl, periodPrice, type Recurrence } from '@zapdesk/core';
import type { ReactNode } from 'react';
import { FormField } from '../../ui/form-field';
import type { PlanForm } from './plans-api';

type PriceKey = 'value1Month' | 'value3Months' | 'value6Months' | 'value12Months';

const PERIODS: { key: PriceKey; recurrence: Recurrence }[] = [
  { key: 'value1Month', recurrence: 'month1' },
  { key: 'value3Months', recurrence: 'months3' },
  { key: 'value6Months', recurrence: 'months6' },
  { key: 'value12Months', recurrence: 'months12' },
];

/**
 * The four prices of a plan (master only, spec 3 §6): the monthly price when paying 1, 3, 6 or 12 months at once, in
 * reais with cents; under each, what the period costs and the discount against paying month by month (core's
 * `periodPrice`, the same figures as the store's display values).
 */
export function PlanPrices({
  values,
  errors,
  onChange,
}: {
  values: PlanForm;
  errors: Partial<Record<keyof PlanForm, string>>;
  onChange: (key: PriceKey, value: string) => void;
}) {
  const label: Record<Recurrence, ReactNode> = {
    month1: <Trans>Mensal</Trans>,
    months3: <Trans>Trimestral</Trans>,
    months6: <Trans>Semestral</Trans>,
    months12: <Trans>Anual</Trans>,
  };
  return (
    <div className="flex flex-col gap-1" data-testid="plan-prices">
      <h4 className="text-sm font-semibold text-base-content/70">
        <Trans>Preços (valor mensal em cada período)</Trans>
      </h4>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        {PERIODS.map(({ key, recurrence }) => {
          const p = periodPrice(values, recurrence);
          const total = formatBrl(p.total);
          const discount = formatBrl(p.discount);
          return (
            <FormField
              key={key}
              label={label[recurrence]}
              error={errors[key]}
              hint={
                p.months > 1 ? (
                  <span className="flex flex-col text-xs">
                    <span data-testid={`plan-total-${recurrence}`}>
                      <Trans>Total {total}</Trans>
                    </span>
                    {p.discount > 0 ? (
                      <span className="text-success" data-testid={`plan-discount-${recurrence}`}>
                        <Trans>Desconto {discount}</Trans>
                      </span>
                    ) : null}
                  </span>
                ) : null
              }
            >
              <label className={`input w-full ${errors[key] ? 'input-error' : ''}`}>
                <span className="text-base-content/50">R$</span>
                <input
                  inputMode="decimal"
                  className="grow"
                  value={values[key]}
                  onChange={(e) => onChange(key, e.target.value)}
                  data-testid={`plan-${key}`}
                />
              </label>
            </FormField>
          );
        })}
      </div>
    </div>
  );
}
