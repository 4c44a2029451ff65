import { api, ApiError } from '../../../api/client';
import type {
  AdminAsPmRequest,
  AuthResponse,
  EnterpriseUserRequest,
  LoginRequest,
  MessageBody,
  NewPassword,
  RefreshRequest,
  ResetTokens,
  TokenCheck,
} from '../../../api/types';

export const RESET_PATH = '/auth/password_reset';

export function signIn(username: string, password: string) {
  const body: LoginRequest = { username, password };
  return api<AuthResponse>('/auth/users', { method: 'POST', body });
}

export function adminAsPm(username: string) {
  const body: AdminAsPmRequest = { username };
  return api<AuthResponse>('/auth/admin_as_pm', { method: 'POST', body });
}

/** The admin acting as a program manager becomes the admin again, in the same sign-in. */
export function adminReturn() {
  return api<AuthResponse>('/auth/admin_return', { method: 'POST' });
}

export function enterpriseUser(username: string, builderId: number) {
  const body: EnterpriseUserRequest = { username, builder_id: builderId };
  return api<AuthResponse>('/auth/enterprise_user', { method: 'POST', body });
}

/** Ends the session on the server: this token and every other of the same sign-in stop working. */
export function signOut() {
  return api<MessageBody>('/auth/logout', { method: 'POST' });
}

/**
 * A failure of the automatic POST /api/auth/enterprise_user that follows an enterprise user's
 * sign-in. The credentials were right, so its 403 or 404 is not a sign-in failure: it shows the
 * server's message, not the sign-in wording.
 */
export class EnterpriseSignInError extends Error {
  constructor(cause: unknown) {
    super(
      cause instanceof ApiError && cause.status !== undefined && cause.message ? cause.message : 'Something went wrong',
    );
    this.name = 'EnterpriseSignInError';
  }
}

/** Sign-in failures: 404, 403, no response, else the server's text. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof EnterpriseSignInError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === undefined) return 'Something went wrong';
    if (error.status === 404) return 'User not found';
    if (error.status === 403) return 'Invalid usersname or password';
    return error.message;
  }
  return 'Something went wrong';
}

export function requestPasswordReset(username: string, email: string) {
  return api<MessageBody>(RESET_PATH, { query: { username, email } });
}

export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== undefined) return error.message;
  return 'Unknown error. Try again later.';
}

export function checkResetToken(token: string) {
  const body: TokenCheck = { token };
  return api<MessageBody>(RESET_PATH, { method: 'POST', body });
}

export function resetPassword(token: string, password: string) {
  const body: NewPassword = { token, password };
  return api<MessageBody>(RESET_PATH, { method: 'PUT', body });
}

export type { ResetTokens };

export function refreshResetToken(refreshToken: string) {
  const body: RefreshRequest = { refreshToken };
  return api<ResetTokens>(RESET_PATH, { method: 'PATCH', body });
}

export const TOKEN_EXPIRED = 'Token is not valid or expired.';
export const RESET_FAILED = "Password doesn't changed, please try later.";

export function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 500)) {
    return error.message;
  }
  return RESET_FAILED;
}
