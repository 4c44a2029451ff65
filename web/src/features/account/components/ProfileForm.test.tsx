import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredSession, sessionStore } from '../../../api/session';
import type { SessionUser } from '../../../api/types';
import { fakeToken, mockRoutes, renderRoute } from '../../../test/utils';
import ProfileForm from './ProfileForm';

const profile = {
  username: 'demo.pm',
  firstName: 'Paula',
  lastName: 'Manning',
  phone: '5551234567',
  email: 'pm@example.com',
};
const oldToken = fakeToken({ sub: 'demo.pm', v: 1 });
const newToken = fakeToken({ sub: 'demo.pm', v: 2 });

beforeEach(() => sessionStore.signIn(oldToken, { ...profile, token: oldToken } as unknown as SessionUser));

describe('ProfileForm', () => {
  it('keeps the session after a password change by storing the new token', async () => {
    const calls = mockRoutes({
      'GET /api/profile': () => ({ body: profile }),
      'PATCH /api/profile': () => ({ body: { ...profile, token: newToken } }),
    });
    renderRoute(<ProfileForm />);
    await userEvent.type(await screen.findByLabelText('New password'), 'New-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ pass_word: 'New-pass-1' });
    expect(sessionStore.get().token).toBe(newToken);
    expect(readStoredSession().token).toBe(newToken);
    // The save went with the old token; the reload of the profile after it goes with the new one.
    expect(calls.find((c) => c.method === 'PATCH')?.authorization).toBe(`Bearer ${oldToken}`);
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'GET', authorization: `Bearer ${newToken}` }));
  });
});
