/**
 * Spec 1 §5, user save: a non-master user without a permission group warns 'Defina o grupo de permissões'; without a
 * default connection, that none was defined; with no queue, that no default sector was defined. They are warnings:
 * the save goes ahead (an attendant may legitimately start without a connection or queue) and the admin is told.
 */
export type UserSaveWarning = 'noGroup' | 'noConnection' | 'noQueue';

export function userSaveWarnings(form: {
  master: boolean;
  userAuthorizationId: number | null;
  whatsappId: number | null;
  queueIds: number[];
}): UserSaveWarning[] {
  const out: UserSaveWarning[] = [];
  if (!form.master && !form.userAuthorizationId) out.push('noGroup');
  if (!form.whatsappId) out.push('noConnection');
  if (form.queueIds.length === 0) out.push('noQueue');
  return out;
}
