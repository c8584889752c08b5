import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { IconSearch, IconX } from './icons';

/** Spec 1 §9: searches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchInputProps = {
  /** called with the trimmed text, 500 ms after typing stops (at once when cleared) */
  onSearch: (text: string) => void;
  placeholder?: string;
  initialValue?: string;
  delay?: number;
  className?: string;
  testId?: string;
};

/** A search box with the spec's debounce and a clear button. */
export function SearchInput({
  onSearch,
  placeholder,
  initialValue = '',
  delay = SEARCH_DEBOUNCE_MS,
  className,
  testId,
}: SearchInputProps) {
  const { t } = useLingui();
  const [value, setValue] = useState(initialValue);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const first = useRef(true);

  useEffect(() => {
    // the initial value is the caller's current search: nothing to announce
    if (first.current) {
      first.current = false;
      return;
    }
    const text = value.trim();
    if (!text) {
      latest.current('');
      return;
    }
    const timer = setTimeout(() => latest.current(text), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);

  return (
    <label className={`input ${className ?? ''}`}>
      <IconSearch size={18} className="opacity-50" />
      <input
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="searchbox"
        className="grow"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={placeholder ?? t`Pesquisar`}
        aria-label={placeholder ?? t`Pesquisar`}
        data-testid={testId}
      />
      {value ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle"
          onClick={() => setValue('')}
          aria-label={t`Limpar pesquisa`}
        >
          <IconX size={14} />
        </button>
      ) : null}
    </label>
  );
}
