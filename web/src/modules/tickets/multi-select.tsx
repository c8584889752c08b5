import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { IconChevronDown } from '../../ui/icons';

export type MultiOption = { id: number; name: string; color?: string | null };

/** A dropdown of checkboxes (queues, tags, categories, users); shows how many are chosen. */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  testId,
  align = 'start',
  icon,
  compact,
}: {
  label: ReactNode;
  options: readonly MultiOption[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  testId?: string;
  align?: 'start' | 'end';
  icon?: ReactNode;
  compact?: boolean;
}) {
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div className={`dropdown ${align === 'end' ? 'dropdown-end' : ''}`}>
      <div
        tabIndex={0}
        role="button"
        className={`btn btn-sm ${compact ? 'btn-ghost' : 'btn-outline w-full justify-between border-base-300 font-normal'}`}
        data-testid={testId}
      >
        {icon}
        <span className="truncate">{label}</span>
        {selected.length ? <span className="badge badge-primary badge-xs">{selected.length}</span> : null}
        <IconChevronDown size={14} className="opacity-60" />
      </div>
      <div
        tabIndex={-1}
        className="dropdown-content z-40 mt-1 max-h-72 w-60 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        {options.length === 0 ? (
          <p className="px-2 py-1 text-sm text-base-content/60">
            <Trans>Nenhuma opção</Trans>
          </p>
        ) : (
          <>
            <div className="flex justify-between px-1 pb-1 text-xs">
              <button type="button" className="link link-primary" onClick={() => onChange(options.map((o) => o.id))}>
                <Trans>Todos</Trans>
              </button>
              <button type="button" className="link" onClick={() => onChange([])}>
                <Trans>Nenhum</Trans>
              </button>
            </div>
            {options.map((o) => (
              <label
                key={o.id}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-base-200"
              >
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  checked={selected.includes(o.id)}
                  onChange={() => toggle(o.id)}
                  data-testid={testId ? `${testId}-option` : undefined}
                />
                {o.color ? (
                  <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: o.color }} />
                ) : null}
                <span className="truncate">{o.name}</span>
              </label>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
