import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../api/types';
import { choosesFromShortList, roleOf } from './roles';

const user = (fields: Partial<SessionUser>) =>
  ({ isPM: false, isAdmin: false, userRoleId: 2, ...fields }) as SessionUser;

describe('roles', () => {
  it('derives the label from the manager flag and the role id', () => {
    expect(roleOf(user({ isPM: true, userRoleId: 4 }))).toBe('PM');
    expect(roleOf(user({ userRoleId: 1 }))).toBe('OTHER STAFF');
    expect(roleOf(user({ userRoleId: 7 }))).toBe('OTHER STAFF');
    expect(roleOf(user({ userRoleId: 2 }))).toBe('USER');
  });

  it('keeps the second status list for staff who are not managers', () => {
    expect(choosesFromShortList(user({ userRoleId: 2 }))).toBe(true);
    expect(choosesFromShortList(user({ isPM: true, userRoleId: 4 }))).toBe(false);
    expect(choosesFromShortList(user({ userRoleId: 2, isAdmin: true }))).toBe(false);
    expect(choosesFromShortList(null)).toBe(false);
  });
});
