import {
  CreateLocation,
  GEOCODE_RULE,
  GeocodeQuery,
  IdParam,
  LOCATION_TEXTS,
  PageQuery,
  UpdateLocation,
} from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { assertCan } from '../../platform/http/policy';
import { validate } from '../../platform/http/validate';
import { rateLimiter } from '../../platform/ratelimit';
import {
  createLocation,
  deleteLocation,
  listLocations,
  searchPlaces,
  sharedLocations,
  showLocation,
  updateLocation,
} from './locations.service';

const searchKey = (companyId: number) => `locations:search:${companyId}`;

/**
 * Spec 2 §7 Locations: GET /locations/ (searchParam, pageNumber) → { locations, hasMore, count }; GET /locations/{id};
 * POST /locations and PUT /locations/{id} (name, latitude, longitude, isDeleted, companyId; ours: address);
 * DELETE /locations/{id} (soft). Ours: GET /locations/search?q= — the editor's places search (geocoding port),
 * GEOCODE_RULE searches per company per minute (429 with Retry-After beyond); GET /locations/shared — the last
 * location of each recent conversation (the /maps view).
 */
export const locationsRoutes = new Hono<AppEnv>()
  .get('/locations', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listLocations(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/locations/search', requireAuth, validate('query', GeocodeQuery), async (c) => {
    const ctx = c.get('ctx');
    // a refused user spends none of the company's searches
    assertCan(ctx, 'manageLocations');
    const s = await rateLimiter().peek(searchKey(ctx.companyId), GEOCODE_RULE);
    if (s.limited) {
      c.header('Retry-After', String(s.retryAfterS));
      return c.json(errorBody('ERR_TOO_MANY_REQUESTS', LOCATION_TEXTS.searchLimited), 429);
    }
    await rateLimiter().hit(searchKey(ctx.companyId), GEOCODE_RULE);
    return c.json(await searchPlaces(ctx, c.req.valid('query')), 200);
  })
  .get('/locations/shared', requireAuth, async (c) => c.json(await sharedLocations(c.get('ctx')), 200))
  .get('/locations/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showLocation(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/locations', requireAuth, validate('json', CreateLocation), async (c) =>
    c.json(await createLocation(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/locations/:id', requireAuth, validate('param', IdParam), validate('json', UpdateLocation), async (c) =>
    c.json(await updateLocation(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/locations/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteLocation(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: LOCATION_TEXTS.deleted }, 200);
  });
