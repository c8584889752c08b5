import type { ReactNode } from 'react';

/** A labelled form field (daisyUI fieldset) with its error text or a hint below. */
export function FormField({
  label,
  error,
  hint,
  children,
  className,
  errorTestId,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
  errorTestId?: string;
}) {
  return (
    <fieldset className={`fieldset ${className ?? ''}`}>
      <legend className="fieldset-legend">{label}</legend>
      {children}
      {error ? (
        <p className="label text-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : hint ? (
        <p className="label whitespace-normal">{hint}</p>
      ) : null}
    </fieldset>
  );
}

/** A switch with its label and an optional description, for boolean settings. */
export function ToggleField({
  label,
  description,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label
      className={`flex items-start gap-3 rounded-box border border-base-300 px-3 py-2.5 ${disabled ? 'opacity-60' : 'cursor-pointer hover:bg-base-200/50'}`}
    >
      <input
        type="checkbox"
        className="toggle toggle-primary toggle-sm mt-0.5"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        data-testid={testId}
      />
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium">{label}</span>
        {description ? <span className="text-xs text-base-content/60">{description}</span> : null}
      </span>
    </label>
  );
}
