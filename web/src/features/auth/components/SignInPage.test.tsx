import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../api/session';
import { fakeToken, mockRoutes, renderRoute } from '../../../test/utils';
import SignInPage from './SignInPage';

const enterprise = {
  username: 'ent.user',
  firstName: 'Erin',
  lastName: 'Enterprise',
  isAdmin: false,
  isEnterprise: true,
  enterpriseId: 3,
  builderId: 5,
};

async function signIn(username: string) {
  renderRoute(<SignInPage />, { path: '/login', route: '/login' });
  await userEvent.type(screen.getByLabelText(/Username/), username);
  await userEvent.type(screen.getByLabelText(/Password/), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => sessionStore.clear());

describe('SignInPage', () => {
  it('maps a 403 of the sign-in itself to the catalogue message', async () => {
    mockRoutes({ 'POST /api/auth/users': () => ({ status: 403, body: { message: 'Bad credentials' } }) });
    await signIn('demo.pm');
    expect(await screen.findByText('Invalid usersname or password')).toBeInTheDocument();
  });

  it("shows the server's message when the enterprise re-authentication fails", async () => {
    const calls = mockRoutes({
      'POST /api/auth/users': () => ({ body: { token: fakeToken({ sub: 'ent.user' }), user: enterprise } }),
      'POST /api/auth/enterprise_user': () => ({
        status: 403,
        body: { message: 'Builder 5 is not part of your enterprise' },
      }),
    });
    await signIn('ent.user');
    expect(await screen.findByText('Builder 5 is not part of your enterprise')).toBeInTheDocument();
    expect(screen.queryByText('Invalid usersname or password')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/enterprise_user')?.body).toEqual({
      username: 'ent.user',
      builder_id: 5,
    });
    expect(sessionStore.get().token).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('a 404 of the re-authentication is not "User not found"', async () => {
    mockRoutes({
      'POST /api/auth/users': () => ({ body: { token: fakeToken({ sub: 'ent.user' }), user: enterprise } }),
      'POST /api/auth/enterprise_user': () => ({ status: 404, body: { message: 'Builder not found' } }),
    });
    await signIn('ent.user');
    expect(await screen.findByText('Builder not found')).toBeInTheDocument();
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
  });
});
