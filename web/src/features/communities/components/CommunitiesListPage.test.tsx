import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import CommunitiesListPage from './CommunitiesListPage';

const ROW = {
  id: 12,
  name: 'Oak Ridge',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  external_community_id: 'OR-100',
  created_on: '2024-01-02T10:00:00Z',
  created_by: 'paula.pm',
  modified_on: '2024-02-03T10:00:00Z',
  builder_id: 5,
  builderName: 'Brightway Homes',
  status_id: 1,
  status: 'Active',
};

const detail = (disabled: boolean) => ({
  body: {
    builder_id: 5,
    disable_add_property_and_community: disabled,
    webflow_name: 'brightway',
    enable_photo_gallery_edits: false,
    is_rental: false,
    timezone: 52,
  },
});

describe('CommunitiesListPage', { timeout: 30_000 }, () => {
  it('lists communities once each, newest modified first, and leads to their pages', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    const calls = mockRoutes({
      'GET /api/communities': () => ({ body: { data: [ROW, { ...ROW }], total: 2 } }),
      'GET /api/builders/5/detail': () => detail(false),
    });
    renderRoute(<CommunitiesListPage />, { path: '/communities', route: '/communities' });
    const link = await screen.findByRole('link', { name: 'Oak Ridge' });
    expect(link).toHaveAttribute('href', '/communities/12');
    expect(screen.getAllByRole('link', { name: 'Oak Ridge' })).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/communities')?.search).toContain('orderBy=modified_on');
    for (const label of ['State/Province', 'External Community Id', 'Author', 'Community status'])
      expect(screen.getByRole('columnheader', { name: label })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Community' }));
    expect(screen.getByTestId('location').textContent).toBe('/communities/add');
  });

  it('says when a search finds no community, and disables Add Community for builders who may not add', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    mockRoutes({
      'GET /api/communities': () => ({ body: { data: [], total: 0 } }),
      'GET /api/builders/5/detail': () => detail(true),
    });
    renderRoute(<CommunitiesListPage />, { path: '/communities', route: '/communities?search=zzz' });
    expect(await screen.findByText('No community names was found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Community' })).toBeDisabled());
  });
});
