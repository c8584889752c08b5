import { Trans, useLingui } from '@lingui/react/macro';
import {
  CreateLocation,
  type GeocodePlace,
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  type LocationDto,
} from '@zapdesk/core';
import { useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { DEFAULT_CENTER, EDITOR_ZOOM, type LatLng, PICKED_ZOOM, parseCoordinate } from '../../ui/map/geo';
import { GeoMap } from '../../ui/map/geo-map';
import { createLocation, updateLocation } from './locations-api';
import { PlaceSearch } from './place-search';

type Field = 'name' | 'latitude' | 'longitude' | 'address';

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

/**
 * The location editor (/locations/new, /locations/{id}): name, the point picked on a map (a click or dragging the
 * marker; default centre fixed, zoom 13 — spec 2 §9), the coordinates as text (typed or filled by the map), an
 * optional address, and a places search through the API that fills the point. Saving or closing returns to the list.
 */
export function LocationEditor({
  location,
  onClose,
  onSaved,
}: {
  location: LocationDto | null;
  onClose: () => void;
  onSaved: (l: LocationDto) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(location?.name ?? '');
  const [lat, setLat] = useState(text(location?.latitude));
  const [lng, setLng] = useState(text(location?.longitude));
  const [address, setAddress] = useState(location?.address ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [zoom, setZoom] = useState(location ? PICKED_ZOOM : EDITOR_ZOOM);

  const pLat = parseCoordinate(lat, 'lat');
  const pLng = parseCoordinate(lng, 'lng');
  const point: LatLng | null = pLat !== null && pLng !== null ? { lat: pLat, lng: pLng } : null;

  const pick = (p: LatLng) => {
    setLat(String(p.lat));
    setLng(String(p.lng));
    setErrors((e) => ({ ...e, latitude: undefined, longitude: undefined }));
  };
  const pickPlace = (place: GeocodePlace) => {
    pick({ lat: place.latitude, lng: place.longitude });
    setZoom(PICKED_ZOOM);
    if (!name.trim()) setName(place.name.slice(0, LOCATION_NAME_MAX));
    setAddress(place.address);
  };

  const submit = () =>
    validateAndSave({
      schema: CreateLocation,
      values: { name, latitude: lat, longitude: lng, address },
      setErrors,
      save: (d) => {
        const input = { name: d.name, latitude: d.latitude, longitude: d.longitude, address: d.address ?? '' };
        return location ? updateLocation(location.id, input) : createLocation(input);
      },
      savedMessage: location ? t`Localização atualizada com sucesso` : t`Localização criada com sucesso`,
      onSaved,
    });

  return (
    <FormDialog
      title={location ? <Trans>Editar localização</Trans> : <Trans>Adicionar localização</Trans>}
      size="lg"
      testId="location-dialog"
      saveTestId="location-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="location-name-error">
        <input
          className="input w-full"
          value={name}
          maxLength={LOCATION_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          autoFocus
          data-testid="location-name"
        />
      </FormField>
      <div className="flex flex-col gap-2">
        <PlaceSearch onPick={pickPlace} />
        <GeoMap
          center={point ?? DEFAULT_CENTER}
          zoom={zoom}
          markers={point ? [{ key: 'point', ...point, label: name }] : []}
          onPick={pick}
          className="h-56 w-full sm:h-60"
          testId="location-editor-map"
          ariaLabel={t`Mapa: clique para marcar o ponto`}
        />
        <p className="text-xs text-base-content/60">
          <Trans>Clique no mapa ou arraste o marcador para ajustar o ponto.</Trans>
        </p>
      </div>
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-[1fr_1fr_2fr]">
        <FormField label={<Trans>Latitude</Trans>} error={errors.latitude} errorTestId="location-latitude-error">
          <input
            className="input w-full font-mono"
            inputMode="decimal"
            value={lat}
            onChange={(e) => {
              setLat(e.target.value);
              setErrors((x) => ({ ...x, latitude: undefined }));
            }}
            placeholder="-23.55052"
            data-testid="location-latitude"
          />
        </FormField>
        <FormField label={<Trans>Longitude</Trans>} error={errors.longitude} errorTestId="location-longitude-error">
          <input
            className="input w-full font-mono"
            inputMode="decimal"
            value={lng}
            onChange={(e) => {
              setLng(e.target.value);
              setErrors((x) => ({ ...x, longitude: undefined }));
            }}
            placeholder="-46.63331"
            data-testid="location-longitude"
          />
        </FormField>
        <FormField
          label={<Trans>Endereço (opcional)</Trans>}
          error={errors.address}
          className="col-span-2 sm:col-span-1"
        >
          <input
            className="input w-full"
            value={address}
            maxLength={LOCATION_ADDRESS_MAX}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="location-address"
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
