import { Trans, useLingui } from '@lingui/react/macro';
import { GEOCODE_QUERY_MIN, type GeocodePlace } from '@zapdesk/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { parseApiError } from '../../lib/errors';
import { IconMapPin, IconSearch } from '../../ui/icons';
import { searchPlaces } from './locations-api';

/**
 * The editor's places search (spec 2 §7 "a places search is used"): the text goes to the server's geocoding port
 * (`GET /locations/search?q=`); the chosen place fills the point (and the name and address when empty). Searching
 * is explicit (Enter or the button): a public geocoder allows about one request per second.
 */
export function PlaceSearch({ onPick }: { onPick: (place: GeocodePlace) => void }) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [places, setPlaces] = useState<GeocodePlace[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const search = async () => {
    const text = q.trim();
    if (busy) return;
    if (text.length < GEOCODE_QUERY_MIN) {
      setError(t`Digite ao menos 3 caracteres para buscar`);
      setPlaces(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setPlaces(await searchPlaces(text));
    } catch (err) {
      setPlaces(null);
      setError(parseApiError(err));
    } finally {
      setBusy(false);
    }
  };

  // inside the editor's form: Enter in the text box searches, it does not save
  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void search();
    }
  };
  // Escape while the results are open (from the text box or a result) closes the results, not the editor: the
  // native <dialog> closes on an Escape keydown that nobody cancelled
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !places) return;
    e.preventDefault();
    e.stopPropagation();
    setPlaces(null);
    inputRef.current?.focus();
  };

  return (
    <div className="relative" onKeyDown={onKeyDown}>
      <div className="join w-full">
        <label className="input input-sm join-item flex-1">
          <IconSearch size={14} className="opacity-60" />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={onInputKeyDown}
            ref={inputRef}
            placeholder={t`Buscar endereço ou lugar`}
            aria-label={t`Buscar endereço ou lugar`}
            maxLength={200}
            data-testid="place-search-input"
          />
        </label>
        <button
          type="button"
          className="btn btn-sm join-item"
          onClick={() => void search()}
          disabled={busy}
          data-testid="place-search-button"
        >
          {busy ? <span className="loading loading-spinner loading-xs" /> : null}
          <Trans>Buscar</Trans>
        </button>
      </div>
      {error ? (
        <p className="mt-1 text-xs text-error" role="alert" data-testid="place-search-error">
          {error}
        </p>
      ) : null}
      {places ? (
        <ul
          className="menu absolute inset-x-0 top-full z-[1100] mt-1 max-h-60 w-full flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
          data-testid="place-search-results"
        >
          {places.length === 0 ? (
            <li className="px-3 py-2 text-sm text-base-content/60" data-testid="place-search-empty">
              <Trans>Nenhum lugar encontrado</Trans>
            </li>
          ) : (
            places.map((p) => (
              <li key={`${p.latitude},${p.longitude},${p.name}`}>
                <button
                  type="button"
                  className="flex items-start gap-2 text-left"
                  onClick={() => {
                    onPick(p);
                    setPlaces(null);
                  }}
                  data-testid="place-search-result"
                >
                  <IconMapPin size={14} className="mt-0.5 shrink-0 text-primary" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{p.name}</span>
                    <span className="block truncate text-xs text-base-content/60">{p.address}</span>
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
