import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PublicOnly } from '../../../app/guards';
import { sessionStore } from '../../../api/session';
import { mockFetch, mockRoutes as server, renderRoute, type MockResponse } from '../../../test/utils';
import ResetPasswordPage from './ResetPasswordPage';

const RESET = '/api/auth/password_reset';

function start(route = '/reset_password?token=t1&refreshToken=r1') {
  return renderRoute(
    <PublicOnly>
      <ResetPasswordPage />
    </PublicOnly>,
    { path: '/reset_password', route },
  );
}

const location = () => screen.getByTestId('location').textContent;

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('ResetPasswordPage', () => {
  it('shows a spinner while the token is checked, then the form', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return { body: { message: 'Token is valid.' } };
    });
    start();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    release();
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('keeps Submit disabled until both fields are filled', async () => {
    server({ [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }) });
    start();
    await screen.findByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abc');
    expect(submit).toBeEnabled();
  });

  it("shows Password doesn't match under the confirm field until the user types", async () => {
    const calls = server({ [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }) });
    start();
    await screen.findByLabelText('Password');
    await fill('first-pass', 'other-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText("Password doesn't match")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'x');
    expect(screen.queryByText("Password doesn't match")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('refreshes a failed token and rewrites the URL with the new tokens', async () => {
    const calls = server({
      [`POST ${RESET}`]: () => ({ status: 400, body: { message: 'Token is not valid or expired.' } }),
      [`PATCH ${RESET}`]: () => ({ body: { token: 't2', refreshToken: 'r2' } }),
    });
    start();
    await screen.findByLabelText('Password');
    await waitFor(() => expect(location()).toBe('/reset_password?token=t2&refreshToken=r2'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ refreshToken: 'r1' });
  });

  it('goes to /login when neither the token nor its refresh works', async () => {
    server({
      [`POST ${RESET}`]: () => ({ status: 400, body: { message: 'Token is not valid or expired.' } }),
      [`PATCH ${RESET}`]: () => ({ status: 400, body: { message: 'Token is not valid or expired.' } }),
    });
    start();
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('goes to /login without tokens in the URL', async () => {
    const calls = server({});
    start('/reset_password');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('sets the password and shows the Success! dialog with a Sign In link', async () => {
    const calls = server({
      [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }),
      [`PUT ${RESET}`]: () => ({ body: { message: 'Password changed.' } }),
    });
    start();
    await screen.findByLabelText('Password');
    await fill('n3w-Password', 'n3w-Password');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByText('Success!')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Please log in');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ token: 't1', password: 'n3w-Password' });
  });

  it('refreshes an expired token once and retries the reset', async () => {
    let puts = 0;
    const calls = server({
      [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }),
      [`PUT ${RESET}`]: () => {
        puts += 1;
        return puts === 1
          ? { status: 400, body: { message: 'Token is not valid or expired.' } }
          : { body: { message: 'Password changed.' } };
      },
      [`PATCH ${RESET}`]: () => ({ body: { token: 't9', refreshToken: 'r9' } }),
    });
    start();
    await screen.findByLabelText('Password');
    await fill('pw-123456', 'pw-123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Success!');
    const putBodies = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(putBodies).toEqual([
      { token: 't1', password: 'pw-123456' },
      { token: 't9', password: 'pw-123456' },
    ]);
    await waitFor(() => expect(location()).toBe('/reset_password?token=t9&refreshToken=r9'));
  });

  it('shows the server message when the refresh during a reset fails', async () => {
    server({
      [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }),
      [`PUT ${RESET}`]: () => ({ status: 400, body: { message: 'Token is not valid or expired.' } }),
      [`PATCH ${RESET}`]: () => ({ status: 400, body: { message: 'Refresh token is not valid.' } }),
    });
    start();
    await screen.findByLabelText('Password');
    await fill('pw', 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Refresh token is not valid.')).toBeInTheDocument();
  });

  it('shows the server text for 400, 404 and 500, else the fallback', async () => {
    let answer: MockResponse = { status: 404, body: { message: 'User not found' } };
    server({
      [`POST ${RESET}`]: () => ({ body: { message: 'Token is valid.' } }),
      [`PUT ${RESET}`]: () => answer,
    });
    start();
    await screen.findByLabelText('Password');
    await fill('pw', 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    answer = { status: 422, body: { message: 'Validation failed' } };
    await userEvent.type(screen.getByLabelText('Confirm password'), '2');
    await userEvent.type(screen.getByLabelText('Password'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("Password doesn't changed, please try later.")).toBeInTheDocument();
  });

  it('redirects a signed-in user to /', async () => {
    const payload = btoa(JSON.stringify({ sub: 'dana', exp: Date.now() / 1000 + 3600 }));
    sessionStore.signIn(`${payload}.sig`, { username: 'dana' } as never);
    const calls = server({});
    start();
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls).toHaveLength(0);
    sessionStore.clear();
  });
});
