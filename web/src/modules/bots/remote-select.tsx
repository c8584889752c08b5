import { useEffect, useRef, useState } from 'react';
import { Autocomplete } from '../../ui/autocomplete';
import type { Named } from './search-select';

/** selector searches start at 2 characters (spec 2 §9 "Search text … selector searches start at 2 characters") */
const MIN_CHARS = 2;

/**
 * Spec 2 §7 "Generic search selector": an id field picked by searching the server as the user types (the shared
 * Autocomplete: 500 ms debounce, 2 characters). Editing an existing record, the chosen id's name is loaded with
 * `load` (or shown as `#id` when that fails).
 */
export function RemoteSelect({
  value,
  onChange,
  search,
  load,
  placeholder,
  onError,
  testId,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  search: (text: string) => Promise<Named[]>;
  load: (id: number) => Promise<Named>;
  placeholder?: string;
  onError?: (err: unknown) => void;
  testId: string;
}) {
  const [chosen, setChosen] = useState<Named | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const known = chosen?.id === value;
  useEffect(() => {
    if (value === null || known) return;
    let alive = true;
    loadRef.current(value).then(
      (n) => alive && setChosen(n),
      () => alive && setChosen({ id: value, name: `#${value}` }),
    );
    return () => {
      alive = false;
    };
  }, [value, known]);
  return (
    <Autocomplete<Named>
      minChars={MIN_CHARS}
      search={search}
      getKey={(o) => o.id}
      getLabel={(o) => o.name}
      value={value === null ? null : chosen?.id === value ? chosen : { id: value, name: `#${value}` }}
      onChange={(o) => {
        setChosen(o);
        onChange(o ? o.id : null);
      }}
      placeholder={placeholder}
      onError={onError}
      testId={testId}
    />
  );
}
