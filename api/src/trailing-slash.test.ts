// Issue 11 point 4: the route twins ('/tags' and '/tags/') are gone; the app ignores a trailing slash (strict: false),
// so the spec's slash forms (`GET /users/`, `/tags/`, `/quickAnswers/`, `/contacts/`…) still answer, the same.
import { describe, expect, test } from 'bun:test';
import { useTenantPair, useTestApp } from './test/use-test-app';

const { t } = useTestApp();
const { A } = useTenantPair();

/** The calls the spec (or a screen) writes with a trailing slash. */
const SLASHED = [
  '/users/',
  '/usersAuthorizations/',
  '/queue/',
  '/contacts/?searchParam=a&pageNumber=1',
  '/categorycontacts/',
  '/quickAnswers/?searchParam=&pageNumber=1',
  '/tags/',
  '/whatsapp/',
];

describe('trailing slash', () => {
  test('each spec call with a slash answers like the call without it', async () => {
    for (const path of SLASHED) {
      const bare = path.replace(/\/(\?|$)/, '$1');
      const [slashed, plain] = await Promise.all([
        t.req('GET', path, { token: A.admin.token }),
        t.req('GET', bare, { token: A.admin.token }),
      ]);
      expect({ path, status: slashed.status }).toEqual({ path, status: 200 });
      expect(await slashed.json()).toEqual(await plain.json());
    }
  });

  test('the slash form is validated and guarded like the plain one', async () => {
    const bad = await t.req('GET', '/tags/?pageNumber=0', { token: A.admin.token });
    expect(bad.status).toBe(400);
    expect((await t.req('GET', '/tags/')).status).toBe(401);
  });
});
