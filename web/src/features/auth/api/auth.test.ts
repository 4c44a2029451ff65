import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import type { SessionUser } from '../../../api/types';
import { forgotPasswordErrorMessage, resetErrorMessage, signInErrorMessage } from './auth';
import { destinationAfterSignIn } from './session';

const user = (fields: Partial<SessionUser>) =>
  ({ username: 'u', isAdmin: false, isEnterprise: false, isPM: false, enterpriseId: null, ...fields }) as SessionUser;

describe('sign-in messages', () => {
  it('maps the statuses of the error catalogue', () => {
    expect(signInErrorMessage(new ApiError('x', 404))).toBe('User not found');
    expect(signInErrorMessage(new ApiError('x', 403))).toBe('Invalid usersname or password');
    expect(signInErrorMessage(new ApiError('Failed to fetch'))).toBe('Something went wrong');
    expect(signInErrorMessage(new ApiError('Too many failed sign-in attempts. Try again in 60 seconds.', 429))).toBe(
      'Too many failed sign-in attempts. Try again in 60 seconds.',
    );
  });

  it('maps forgot-password and reset failures', () => {
    expect(forgotPasswordErrorMessage(new ApiError('Bad email', 400))).toBe('Bad email');
    expect(forgotPasswordErrorMessage(new ApiError('offline'))).toBe('Unknown error. Try again later.');
    expect(resetErrorMessage(new ApiError('Nope', 500))).toBe('Nope');
    expect(resetErrorMessage(new ApiError('Nope', 403))).toBe("Password doesn't changed, please try later.");
  });
});

describe('where a signed-in user goes', () => {
  it('sends the admin to /choose_PM', () => {
    expect(destinationAfterSignIn(user({ isAdmin: true }), { pathname: '/teams', search: '', hash: '' })).toBe(
      '/choose_PM',
    );
  });

  it('sends enterprise users to / or /choose_builder', () => {
    expect(destinationAfterSignIn(user({ isEnterprise: true, enterpriseId: 3 }))).toBe('/');
    expect(destinationAfterSignIn(user({ isEnterprise: true, enterpriseId: null }))).toBe('/choose_builder');
  });

  it('sends others back where they came from, or /', () => {
    expect(destinationAfterSignIn(user({}), { pathname: '/agents', search: '?page=2', hash: '' })).toBe(
      '/agents?page=2',
    );
    expect(destinationAfterSignIn(user({}))).toBe('/');
  });
});
