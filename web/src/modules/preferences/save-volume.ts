import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';

/** The user's own notification volume, saved on the server (PUT /users/{id} { volume }). */
export async function saveOwnVolume(userId: number, volume: number): Promise<void> {
  await parseResponse(api.users[':id'].$put({ param: { id: String(userId) }, json: { volume } }));
}
