import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { builderSelection } from '../../../app/builderSelection';
import { mockRoutes, renderRoute, signInAs, type MockResponse } from '../../../test/utils';
import TeamFormPage from './TeamFormPage';

const failure: MockResponse = { status: 500, body: { message: 'Database unavailable' } };
const addTeam = () => renderRoute(<TeamFormPage />, { path: '/teams/add', route: '/teams/add' });

beforeEach(() => builderSelection.reset());

describe('TeamFormPage', () => {
  it('shows a failed load of the available agents, and retries it', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    let answer = failure;
    mockRoutes({ 'GET /api/available_agents/5': () => answer });
    addTeam();
    expect(await screen.findByText('Agents could not be loaded: Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Search/Add New Agent' }));
    expect(screen.queryByText('No agents were found')).not.toBeInTheDocument();

    answer = { body: [] };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Agents could not be loaded/)).not.toBeInTheDocument());
  });

  it("shows a failed load of the enterprise user's builders under the Builder field", async () => {
    signInAs({ username: 'ent.user', isEnterprise: true, isPM: false });
    mockRoutes({ 'GET /api/builders/enterprise/ent.user': () => failure });
    addTeam();
    expect(await screen.findByText('Builders could not be loaded: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Builder/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
