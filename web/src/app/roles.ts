import type { SessionUser } from '../api/types';

/** Role label used by the route table: PM, OTHER STAFF or USER. */
export type RoleLabel = 'PM' | 'OTHER STAFF' | 'USER';

export function roleOf(user: Pick<SessionUser, 'isPM' | 'userRoleId'>): RoleLabel {
  if (user.isPM) return 'PM';
  if (user.userRoleId === 1 || user.userRoleId === 7) return 'OTHER STAFF';
  return 'USER';
}

export const USER_PM: readonly RoleLabel[] = ['USER', 'PM'];
export const PM_ONLY: readonly RoleLabel[] = ['PM'];

export function hasRole(user: SessionUser | null, roles?: readonly RoleLabel[]): boolean {
  if (!user) return false;
  if (!roles) return true;
  return roles.includes(roleOf(user));
}

/**
 * Staff who are not property managers give a home only the second list's statuses (spec 1 §4):
 * open to tours or to staff only. Selling, renting and retiring are for managers.
 */
export function choosesFromShortList(user: SessionUser | null): boolean {
  return user !== null && roleOf(user) === 'USER' && !user.isAdmin;
}
