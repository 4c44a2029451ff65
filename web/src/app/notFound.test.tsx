import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../test/utils';
import AgentFormPage from '../features/agents/components/AgentFormPage';
import CommunityDetailPage from '../features/communities/components/CommunityDetailPage';
import PropertyDetailPage from '../features/properties/components/PropertyDetailPage';
import TeamFormPage from '../features/teams/components/TeamFormPage';

const gone = () => ({ status: 404, body: { message: 'No record exist!' } });

describe('a record that does not exist', () => {
  it.each([
    ['a property', <PropertyDetailPage />, '/properties/:propertyId', '/properties/999'],
    ['a property of no valid id', <PropertyDetailPage />, '/properties/:propertyId', '/properties/abc'],
    ['a community', <CommunityDetailPage />, '/communities/:communityId', '/communities/999'],
    ['a team', <TeamFormPage />, '/teams/:teamId', '/teams/999'],
    ['a staff member', <AgentFormPage />, '/agents/:username', '/agents/nobody'],
  ])('shows the one not-found page for %s, without Retry', async (_, element, path, route) => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({
      'GET /api/properties/999': gone,
      'GET /api/communities/999': gone,
      'GET /api/teams/999': gone,
      'GET /api/agents/nobody': gone,
    });
    renderRoute(element, { path, route });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
