import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { CreateLocation, GeocodeQuery, LOCATION_TEXTS, UpdateLocation } from './location.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);

describe('location schemas', () => {
  test('any coordinate within the ranges is accepted, as a number or as text (decimal comma too)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (latitude, longitude) => {
          const asNumbers = CreateLocation.parse({ name: 'Loja', latitude, longitude });
          expect(asNumbers).toMatchObject({ latitude, longitude });
          const asText = CreateLocation.parse({
            name: 'Loja',
            latitude: latitude.toFixed(6).replace('.', ','),
            longitude: longitude.toFixed(6),
          });
          expect(asText.latitude).toBeCloseTo(latitude, 5);
          expect(asText.longitude).toBeCloseTo(longitude, 5);
        },
      ),
    );
  });

  test('any coordinate outside the ranges is refused with the range text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 90.000001, max: 1e9, noNaN: true }),
          fc.double({ min: -1e9, max: -90.000001, noNaN: true }),
        ),
        (latitude) => {
          const r = CreateLocation.safeParse({ name: 'Loja', latitude, longitude: 0 });
          expect(firstMessage(r)).toEqual([`latitude: ${LOCATION_TEXTS.latitudeRange}`]);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 180.000001, max: 1e9, noNaN: true }),
          fc.double({ min: -1e9, max: -180.000001, noNaN: true }),
        ),
        (longitude) => {
          const r = CreateLocation.safeParse({ name: 'Loja', latitude: 0, longitude });
          expect(firstMessage(r)).toEqual([`longitude: ${LOCATION_TEXTS.longitudeRange}`]);
        },
      ),
    );
  });

  test('texts: required, invalid, sizes; companyId and isDeleted ignored', () => {
    expect(firstMessage(CreateLocation.safeParse({}))).toEqual([
      `name: ${LOCATION_TEXTS.required}`,
      `latitude: ${LOCATION_TEXTS.required}`,
      `longitude: ${LOCATION_TEXTS.required}`,
    ]);
    expect(firstMessage(CreateLocation.safeParse({ name: 'Lo', latitude: '1.2.3', longitude: null }))).toEqual([
      `latitude: ${LOCATION_TEXTS.latitudeInvalid}`,
      `longitude: ${LOCATION_TEXTS.required}`,
    ]);
    expect(firstMessage(CreateLocation.safeParse({ name: 'Loja', latitude: NaN, longitude: Infinity }))).toEqual([
      `latitude: ${LOCATION_TEXTS.latitudeInvalid}`,
      `longitude: ${LOCATION_TEXTS.longitudeInvalid}`,
    ]);
    const ok = CreateLocation.parse({ name: '  Sede  ', latitude: 0, longitude: 0, address: null, companyId: 9 });
    expect(ok).toMatchObject({ name: 'Sede', address: '' });
    expect(UpdateLocation.parse({})).toEqual({});
    expect(GeocodeQuery.safeParse({ q: '  ab ' }).success).toBe(false);
    expect(GeocodeQuery.parse({ q: ' Paulista ' })).toEqual({ q: 'Paulista' });
  });
});
