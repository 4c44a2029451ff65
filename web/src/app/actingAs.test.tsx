import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../api/session';
import { LocationProbe, Providers, mockRoutes, signInAs } from '../test/utils';
import { RequireAuth } from './guards';
import { ActingAsBar } from './shell/ActingAsBar';

/** The builder's screens behind the Shell's guard, with the bar, and the admin's choice page. */
function open(route: string) {
  render(
    <Providers route={route}>
      <Routes>
        <Route path="/choose_PM" element={<p>Choose a program manager</p>} />
        <Route
          element={
            <RequireAuth builderScreens>
              <ActingAsBar />
              <p>Builder screen</p>
            </RequireAuth>
          }
          path="*"
        />
      </Routes>
      <LocationProbe />
    </Providers>,
  );
}

describe('the admin and the builder screens (issue 22 §10)', () => {
  it('sends the admin who acts as nobody to /choose_PM', async () => {
    signInAs({ username: 'demo.admin', isAdmin: true, isPM: false });
    open('/dashboard');
    expect(await screen.findByText('Choose a program manager')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/choose_PM');
  });

  it('lets the admin open their own pages', async () => {
    signInAs({ username: 'demo.admin', isAdmin: true, isPM: false });
    open('/outbox');
    expect(await screen.findByText('Builder screen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acting as' })).not.toBeInTheDocument();
  });

  it('shows whom the admin acts as, and goes back to the admin and /choose_PM', async () => {
    signInAs({
      username: 'demo.pm',
      firstName: 'Paula',
      lastName: 'Manning',
      builder: 'Brightway Homes',
      actingAdmin: 'demo.admin',
    });
    const calls = mockRoutes({
      'POST /api/auth/admin_return': () => ({
        body: {
          token: 'admin-token',
          user: { username: 'demo.admin', isAdmin: true, isPM: false, token: 'admin-token' },
        },
      }),
    });
    open('/dashboard');
    const bar = await screen.findByRole('region', { name: 'Acting as' });
    expect(bar).toHaveTextContent('demo.admin is acting as Paula Manning of Brightway Homes.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to admin' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/choose_PM'));
    expect(calls.some((c) => c.path === '/api/auth/admin_return')).toBe(true);
    expect(sessionStore.get().user?.username).toBe('demo.admin');
  });

  it('leaves everyone else where they are, without a bar', async () => {
    signInAs({ username: 'demo.pm' });
    open('/dashboard');
    expect(await screen.findByText('Builder screen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acting as' })).not.toBeInTheDocument();
  });
});
