import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AgentRow } from '../../api/types';
import { mockRoutes, Providers, type MockResponse } from '../../test/utils';
import { StaffAssignment, type AssignedAgent, type AssignedTeam, type StaffAssignmentProps } from './StaffAssignment';

const agent = (username: string, first: string, last: string, pm = false, group = 2): AgentRow => ({
  username,
  firstname: first,
  lastname: last,
  email: `${username}@example.com`,
  phone: '555-000-0000',
  userType: pm ? 'Program Manager' : 'Sales Staff',
  role_id: group,
  is_project_manager: pm,
  groups: [{ GroupID: group }],
});
const PAULA = agent('paula.pm', 'Paula', 'Manning', true, 4);
const SAM = agent('sam.sales', 'Sam', 'Sellers');
const OLIVIA = agent('olivia.field', 'Olivia', 'Field', false, 1);

function Harness(props: Partial<StaffAssignmentProps> & { initial?: AssignedAgent[] }) {
  const [agents, setAgents] = useState<AssignedAgent[]>(props.initial ?? []);
  const [teams, setTeams] = useState<AssignedTeam[]>([]);
  return (
    <Providers>
      <StaffAssignment
        builderId={5}
        agents={agents}
        teams={teams}
        onChange={(a, t) => {
          setAgents(a);
          setTeams(t);
        }}
        {...props}
      />
    </Providers>
  );
}

function serve(agents: MockResponse = { body: [PAULA, SAM, OLIVIA] }) {
  mockRoutes({
    'GET /api/available_agents/5': () => agents,
    'GET /api/teams/builder/5': () => ({ body: [{ id: 3, name: 'Weekend Crew', agents: [] }] }),
  });
}

const assigned = () =>
  within(screen.getByRole('list', { name: 'Assigned agents' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function addAgent(name: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Available Agents' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('StaffAssignment', { timeout: 30_000 }, () => {
  it('offers assignable agents not yet assigned, lists project managers first as PM and the rest as SS', async () => {
    serve();
    render(<Harness />);
    await addAgent(/Sam Sellers/);
    await addAgent(/Paula Manning/);
    expect(assigned()).toEqual([expect.stringMatching(/^PMPaula Manning/), expect.stringMatching(/^SSSam Sellers/)]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Available Agents' }));
    // Sam and Paula are assigned, Olivia is Other Staff: nothing is left to offer.
    expect(await screen.findByText('No agents were found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Add Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekend Crew' }));
    expect(within(screen.getByRole('list', { name: 'Assigned teams' })).getByText('Weekend Crew')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove team Weekend Crew' }));
    expect(screen.getByText('No teams assigned.')).toBeInTheDocument();
  });

  it('lets the caller refuse a removal, and marks project managers when asked to', async () => {
    serve();
    const initial = [
      { agentUsername: 'sam.sales', firstname: 'Sam', lastname: 'Sellers', is_project_manager: false },
      { agentUsername: 'me', firstname: 'Me', lastname: 'Self', is_project_manager: false },
    ];
    render(<Harness initial={initial} showProjectManager onRemoveAgent={(u) => Promise.resolve(u !== 'me')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Me Self' }));
    expect(assigned()).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Me Self is project manager' }));
    expect(assigned()[0]).toMatch(/^PMMe Self/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sam Sellers' }));
    expect(assigned()).toHaveLength(1);
  });

  it('shows a failed load of the agents with Retry', async () => {
    serve({ status: 500, body: { message: 'Database unavailable' } });
    render(<Harness />);
    expect(await screen.findByText('Agents could not be loaded: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
