import { describe, expect, test } from 'bun:test';
import { userSaveWarnings } from './user-warnings';

describe('userSaveWarnings (spec 1 §5)', () => {
  const complete = { master: false, userAuthorizationId: 3, whatsappId: 1, queueIds: [2] };
  test('a complete user has no warning', () => {
    expect(userSaveWarnings(complete)).toEqual([]);
  });
  test('a non-master user without group is warned', () => {
    expect(userSaveWarnings({ ...complete, userAuthorizationId: null })).toEqual(['noGroup']);
  });
  test('a master without group is not warned about the group', () => {
    expect(userSaveWarnings({ ...complete, master: true, userAuthorizationId: null })).toEqual([]);
  });
  test('no default connection and no queue are both reported', () => {
    expect(userSaveWarnings({ ...complete, whatsappId: null, queueIds: [] })).toEqual(['noConnection', 'noQueue']);
  });
});
