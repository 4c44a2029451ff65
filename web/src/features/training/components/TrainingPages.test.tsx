import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Training, TrainingVideo } from '../../../api/types';
import { mockRoutes, renderRoute } from '../../../test/utils';
import routerSource from '../../../app/router.tsx?raw';
import { GUIDES } from '../guides';
import SalesTrainingPage from './SalesTrainingPage';
import TrainingPage from './TrainingPage';

const video = (patch: Partial<TrainingVideo> = {}): TrainingVideo => ({
  slug: 'creating-staff',
  title: 'Creating staff',
  description: 'Add sales staff.',
  duration: '3:40',
  date: '2025-01-15',
  category: 'General',
  creator: null,
  video_url: null,
  thumbnail_url: null,
  ...patch,
});

const catalogue = (training: Partial<Training>): Training => ({ general: [], sales: [], ...training });

describe('the training pages', () => {
  it('give each topic its written guide when no videos are configured, linking the real screens', async () => {
    const user = userEvent.setup();
    mockRoutes({ 'GET /api/training': () => ({ body: catalogue({ general: [video()] }) }) });
    renderRoute(<TrainingPage />, { route: '/training' });
    const card = await screen.findByRole('article', { name: 'Creating staff' });
    expect(within(card).queryByRole('button', { name: 'Watch Video' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Read Guide' }));
    const dialog = screen.getByRole('dialog', { name: 'Creating staff' });
    const steps = within(within(dialog).getByRole('list', { name: 'Step by step' })).getAllByRole('listitem');
    expect(steps).toHaveLength(GUIDES['creating-staff'].length);
    expect(within(dialog).getByRole('link', { name: 'Open Add Staff' })).toHaveAttribute('href', '/agents/add');
    expect(dialog.querySelector('video')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Open Add Staff' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/agents/add');
  });

  it('plays the video where one is configured, with the guide under it', async () => {
    const user = userEvent.setup();
    mockRoutes({
      'GET /api/training': () => ({
        body: catalogue({
          general: [video({ video_url: '/media/creating-staff.mp4', thumbnail_url: '/media/c.jpg' })],
        }),
      }),
    });
    renderRoute(<TrainingPage />, { route: '/training' });
    await user.click(await screen.findByRole('button', { name: 'Watch Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Creating staff' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/media/creating-staff.mp4');
    expect(within(dialog).getByRole('list', { name: 'Step by step' })).toBeInTheDocument();
  });

  it('shows the configured presenter only, and invents none', async () => {
    mockRoutes({
      'GET /api/training': () => ({
        body: catalogue({
          sales: [
            video({
              slug: 'speed-to-lead',
              title: 'Speed to lead',
              category: 'Lead Conversion',
              creator: { name: 'Sam Lee', title: null, bio: null, company: 'Lee Sales', link: null },
            }),
            video({ slug: 'objection-handling', title: 'Objections', category: 'Lead Conversion' }),
          ],
        }),
      }),
    });
    renderRoute(<SalesTrainingPage />, { route: '/sales-training' });
    const presented = await screen.findByRole('article', { name: 'Speed to lead' });
    expect(within(presented).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(presented).getByText('Lee Sales')).toBeInTheDocument();
    expect(within(presented).queryByRole('link')).not.toBeInTheDocument();
    const alone = screen.getByRole('article', { name: 'Objections' });
    expect(within(alone).queryByText(/Sam Lee/)).not.toBeInTheDocument();
  });

  it('has a guide for every topic whose links all open screens of the console', () => {
    const paths = new Set([...routerSource.matchAll(/path(?:=|: )["']([^"']+)["']/g)].map((m) => m[1]));
    const links = Object.values(GUIDES).flatMap((g) => g.flatMap((s) => (s.link ? [s.link.to] : [])));
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((to) => !paths.has(to))).toEqual([]);
    expect(Object.keys(GUIDES)).toHaveLength(13);
  });
});
