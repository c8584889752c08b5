import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { IconSearch, IconX } from './icons';
import { SEARCH_DEBOUNCE_MS } from './search-input';

export type AutocompleteProps<T> = {
  /** searches run from this many characters (spec 1 §5: 2 generic / new-ticket contact, 3 contact and user pickers) */
  minChars: number;
  search: (text: string) => Promise<T[]>;
  getKey: (item: T) => string | number;
  getLabel: (item: T) => string;
  renderOption?: (item: T) => ReactNode;
  value: T | null;
  onChange: (item: T | null) => void;
  placeholder?: string;
  /** an extra last option for the typed text (e.g. 'create new contact'), or null */
  extraOption?: (text: string) => { label: ReactNode; onSelect: () => void } | null;
  /** a failed search (spec: 'Falha na busca de contatos', 'Não foi possível carregar os usuários') */
  onError?: (err: unknown) => void;
  testId?: string;
  autoFocus?: boolean;
};

/** A search-as-you-type picker with the spec's 500 ms debounce and minimum length. */
export function Autocomplete<T>({
  minChars,
  search,
  getKey,
  getLabel,
  renderOption,
  value,
  onChange,
  placeholder,
  extraOption,
  onError,
  testId,
  autoFocus,
}: AutocompleteProps<T>) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const request = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const listId = useId();

  useEffect(() => {
    const q = text.trim();
    if (q.length < minChars) {
      request.current++;
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const id = ++request.current;
    const timer = setTimeout(() => {
      searchRef.current(q).then(
        (rows) => {
          if (id !== request.current) return;
          setOptions(rows);
          setActive(0);
          setLoading(false);
        },
        (err) => {
          if (id !== request.current) return;
          setOptions([]);
          setLoading(false);
          errorRef.current?.(err);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, minChars]);

  if (value) {
    return (
      <div className="input w-full" data-testid={testId ? `${testId}-selected` : undefined}>
        <span className="grow truncate">{getLabel(value)}</span>
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle"
          onClick={() => {
            onChange(null);
            setText('');
          }}
          aria-label={t`Limpar`}
        >
          <IconX size={14} />
        </button>
      </div>
    );
  }

  const q = text.trim();
  const extra = extraOption ? extraOption(q) : null;
  const total = options.length + (extra ? 1 : 0);
  const choose = (i: number) => {
    if (i < options.length) {
      onChange(options[i]);
      setOpen(false);
    } else extra?.onSelect();
  };

  return (
    <div className="relative w-full">
      <label className="input w-full">
        <IconSearch size={16} className="opacity-50" />
        <input
          type="text"
          className="grow"
          value={text}
          placeholder={placeholder}
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={open && total > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(total - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && open && total > 0) {
              e.preventDefault();
              choose(active);
            }
          }}
          data-testid={testId}
        />
        {loading ? <span className="loading loading-spinner loading-xs" /> : null}
      </label>
      {open && q.length >= minChars && !loading ? (
        <ul
          id={listId}
          role="listbox"
          className="menu absolute z-30 mt-1 max-h-64 w-full flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
          data-testid={testId ? `${testId}-options` : undefined}
        >
          {options.map((o, i) => (
            <li key={getKey(o)} role="option" aria-selected={i === active}>
              <button
                type="button"
                className={i === active ? 'menu-active' : ''}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i)}
              >
                {renderOption ? renderOption(o) : getLabel(o)}
              </button>
            </li>
          ))}
          {extra ? (
            <li role="option" aria-selected={active === options.length}>
              <button
                type="button"
                className={`text-primary ${active === options.length ? 'menu-active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(options.length)}
                data-testid={testId ? `${testId}-extra` : undefined}
              >
                {extra.label}
              </button>
            </li>
          ) : null}
          {total === 0 ? (
            <li className="px-3 py-2 text-sm text-base-content/60">
              <Trans>Nenhum resultado</Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
