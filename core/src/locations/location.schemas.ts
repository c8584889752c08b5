import { z } from 'zod';
import { requiredText } from '../contacts/fields';

/**
 * Spec 2 §3 Location (id, name, latitude, longitude, isDeleted, companyId) and §7 `/locations…`. The spec shows no
 * validation texts for a location: these are ours, in the house style of its forms ('Obrigatório', 'Muito curto!',
 * 'Muito longo!' of spec 2 §5). `address` is ours too (optional): the place's address as the places search found it,
 * sent to WhatsApp with the pin (baileys `location.address`).
 */
export const LOCATION_TEXTS = {
  required: 'Obrigatório',
  nameTooShort: 'Muito curto!',
  nameTooLong: 'Muito longo!',
  latitudeInvalid: 'Latitude inválida',
  latitudeRange: 'A latitude deve estar entre -90 e 90',
  longitudeInvalid: 'Longitude inválida',
  longitudeRange: 'A longitude deve estar entre -180 e 180',
  addressTooLong: 'Endereço muito longo',
  notFound: 'Localização não encontrada.',
  created: 'Localização criada com sucesso',
  updated: 'Localização atualizada com sucesso',
  deleted: 'Localização excluída com sucesso',
  searchTooShort: 'Digite ao menos 3 caracteres para buscar',
  searchTooLong: 'Busca muito longa',
  searchLimited: 'Muitas buscas de endereço. Aguarde um minuto e tente novamente.',
} as const;

export const LOCATION_NAME_MIN = 2;
export const LOCATION_NAME_MAX = 100;
export const LOCATION_ADDRESS_MAX = 300;
/** the places search: query length and how many places come back */
export const GEOCODE_QUERY_MIN = 3;
export const GEOCODE_QUERY_MAX = 200;
export const GEOCODE_RESULTS_MAX = 10;
/** places searches per company per minute (Nominatim's public policy is ~1 per second per application) */
export const GEOCODE_RULE = { limit: 30, windowMs: 60_000 } as const;

/** Spec 2 §9: map zooms (cards 15, editor 13); the editor's default centre is ours: Praça da Sé, São Paulo. */
export const LOCATION_MAP = {
  cardZoom: 15,
  editorZoom: 13,
  defaultCenter: { latitude: -23.55052, longitude: -46.633309 },
} as const;

export const LocationName = requiredText({
  min: LOCATION_NAME_MIN,
  max: LOCATION_NAME_MAX,
  required: LOCATION_TEXTS.required,
  tooShort: LOCATION_TEXTS.nameTooShort,
  tooLong: LOCATION_TEXTS.nameTooLong,
});

/** A coordinate as a form sends it: a number or numeric text ('-23,55' with a decimal comma too). */
function coordinate(min: number, max: number, invalid: string, range: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const s = v.trim().replace(',', '.');
        if (!s) return undefined;
        return /^[-+]?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
      }
      return v === null ? undefined : v;
    },
    z
      .number({
        error: (iss) => (iss.input === undefined ? LOCATION_TEXTS.required : invalid),
      })
      .refine(Number.isFinite, invalid)
      .min(min, range)
      .max(max, range),
  );
}

export const Latitude = coordinate(-90, 90, LOCATION_TEXTS.latitudeInvalid, LOCATION_TEXTS.latitudeRange);
export const Longitude = coordinate(-180, 180, LOCATION_TEXTS.longitudeInvalid, LOCATION_TEXTS.longitudeRange);

export const LocationAddress = z
  .union([z.string({ error: LOCATION_TEXTS.addressTooLong }), z.null()])
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(LOCATION_ADDRESS_MAX, LOCATION_TEXTS.addressTooLong));

/**
 * POST /locations (name, latitude, longitude, isDeleted, companyId): the company is the session's and a new
 * location is never deleted, so `companyId` and `isDeleted` are accepted and ignored.
 */
export const CreateLocation = z.object({
  name: LocationName,
  latitude: Latitude,
  longitude: Longitude,
  address: LocationAddress.optional(),
  isDeleted: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type CreateLocation = z.output<typeof CreateLocation>;

/** PUT /locations/{id}: the fields sent change (the editor sends them all); deleting is DELETE only. */
export const UpdateLocation = z.object({
  name: LocationName.optional(),
  latitude: Latitude.optional(),
  longitude: Longitude.optional(),
  address: LocationAddress.optional(),
  isDeleted: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type UpdateLocation = z.output<typeof UpdateLocation>;

/** GET /locations/search?q= (ours): the editor's places search. */
export const GeocodeQuery = z.object({
  q: z
    .string({ error: LOCATION_TEXTS.searchTooShort })
    .trim()
    .min(GEOCODE_QUERY_MIN, LOCATION_TEXTS.searchTooShort)
    .max(GEOCODE_QUERY_MAX, LOCATION_TEXTS.searchTooLong),
});
export type GeocodeQuery = z.output<typeof GeocodeQuery>;

export type LocationDto = {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** '' when none */
  address: string;
  isDeleted: boolean;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** One place of the places search: `name` short (the editor's default location name), `address` the full line. */
export type GeocodePlace = { name: string; address: string; latitude: number; longitude: number };

/** SSE `location-{companyId}` (ours: the live list) */
export type LocationEvent =
  | { action: 'create' | 'update'; location: LocationDto }
  | { action: 'delete'; locationId: number };

/** GET /locations/shared (ours, the /maps view): the last location of each recent conversation, newest first. */
export const SHARED_LOCATIONS_DAYS = 30;
export const SHARED_LOCATIONS_MAX = 500;

/** One conversation's last shared location (sent or received). */
export type SharedLocationDto = {
  messageId: number;
  ticketId: number;
  ticketUuid: string;
  contactId: number;
  contactName: string;
  contactNumber: string;
  latitude: number;
  longitude: number;
  /** the place's name as the message carried it ('' when none) */
  name: string;
  fromMe: boolean;
  createdAt: string;
};
