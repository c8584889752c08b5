import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ToggleField } from '../../ui/form-field';
import { IconCheck, IconX } from '../../ui/icons';

/**
 * A yes/no setting of the plan and company forms: a switch when editable; read-only, a plain "Sim" / "Não" with an
 * icon (a disabled switch reads as "off" at a glance). Either way `role=checkbox` + `aria-checked` for assistive tech.
 */
export function FlagField({
  label,
  description,
  checked,
  onChange,
  readOnly = false,
  testId,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  readOnly?: boolean;
  testId?: string;
}) {
  if (!readOnly)
    return (
      <ToggleField label={label} description={description} checked={checked} onChange={onChange} testId={testId} />
    );
  return (
    <div
      role="checkbox"
      aria-checked={checked}
      aria-disabled="true"
      className="flex items-start gap-3 rounded-box border border-base-300 bg-base-200/40 px-3 py-2.5"
      data-testid={testId}
    >
      <span
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full ${
          checked ? 'bg-success/15 text-success' : 'bg-base-300 text-base-content/50'
        }`}
      >
        {checked ? <IconCheck size={14} /> : <IconX size={14} />}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium">{label}</span>
        {description ? <span className="text-xs text-base-content/60">{description}</span> : null}
      </span>
      <span className={`text-xs font-semibold ${checked ? 'text-success' : 'text-base-content/50'}`}>
        {checked ? <Trans>Sim</Trans> : <Trans>Não</Trans>}
      </span>
    </div>
  );
}
