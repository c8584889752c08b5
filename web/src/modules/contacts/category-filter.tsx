import { Trans, useLingui } from '@lingui/react/macro';
import type { CategoryContactRef } from '@zapdesk/core';
import { ColorDot } from '../../ui/color-chip';
import { IconChevronDown, IconFolder } from '../../ui/icons';

/** The contacts list's category filter: a dropdown of checkboxes (several categories = contacts in any of them). */
export function CategoryFilter({
  categories,
  selected,
  onChange,
}: {
  categories: CategoryContactRef[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useLingui();
  const count = selected.length;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div className="dropdown">
      <button
        type="button"
        tabIndex={0}
        className={`btn ${count ? 'btn-primary btn-soft' : 'btn-ghost border-base-300'} gap-2`}
        aria-label={t`Filtrar por categoria`}
        data-testid="contacts-category-filter"
      >
        <IconFolder size={16} />
        {count ? <Trans>Categorias ({count})</Trans> : <Trans>Categorias</Trans>}
        <IconChevronDown size={14} />
      </button>
      <div
        tabIndex={-1}
        className="dropdown-content z-20 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        {categories.length === 0 ? (
          <p className="px-2 py-3 text-sm text-base-content/60">
            <Trans>Nenhuma categoria cadastrada.</Trans>
          </p>
        ) : (
          <ul className="max-h-72 overflow-auto">
            {categories.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-field px-2 py-1.5 hover:bg-base-200">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={selected.includes(c.id)}
                    onChange={() => toggle(c.id)}
                    data-testid="contacts-category-option"
                    data-name={c.name}
                  />
                  <ColorDot color={c.color ?? '#9CA3AF'} size={12} />
                  <span className="truncate text-sm">{c.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {count ? (
          <button type="button" className="btn btn-ghost btn-sm mt-1 w-full" onClick={() => onChange([])}>
            <Trans>Limpar filtro</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}
