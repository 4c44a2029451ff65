import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Builder } from '../../../api/types';
import { mockRoutes, renderRoute } from '../../../test/utils';
import ChoosePmPage from './ChoosePmPage';

const builder = (builder_id: number, name: string) => ({ builder_id, name }) as Builder;
const ALL = Array.from({ length: 200 }, (_, i) => builder(i + 1, `Builder ${String(i + 1).padStart(3, '0')}`));

/** A /api/builders that filters by name and answers at most `limit` rows. */
function builders() {
  return mockRoutes({
    'GET /api/builders': (call) => {
      const q = new URLSearchParams(call.search);
      const search = (q.get('search') ?? '').toLowerCase();
      const found = ALL.filter((b) => b.name.toLowerCase().includes(search));
      return { body: { data: found.slice(0, Number(q.get('limit'))), total: found.length } };
    },
    'GET /api/builders/180/pms': () => ({ body: [{ username: 'pm.180', firstname: 'Pat', lastname: 'Moe' }] }),
  });
}

const builderCalls = (calls: ReturnType<typeof builders>) =>
  calls.filter((c) => c.path === '/api/builders').map((c) => Object.fromEntries(new URLSearchParams(c.search)));

describe('ChoosePmPage', () => {
  it('searches the builders on the server as the admin types, 25 at a time', async () => {
    const calls = builders();
    renderRoute(<ChoosePmPage />);
    const box = screen.getByRole('combobox', { name: 'Builder' });
    await userEvent.click(box);
    expect(await screen.findByRole('option', { name: 'Builder 001' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(25);
    expect(screen.getByText('Type to search all builders')).toBeInTheDocument();
    expect(builderCalls(calls)).toEqual([{ limit: '25' }]);

    await userEvent.type(box, '180');
    expect(await screen.findByRole('option', { name: 'Builder 180' })).toBeInTheDocument();
    // One call for the whole word (debounced), none per keystroke.
    expect(builderCalls(calls)).toEqual([{ limit: '25' }, { search: '180', limit: '25' }]);
    await userEvent.click(screen.getByRole('option', { name: 'Builder 180' }));
    expect(box).toHaveValue('Builder 180');
    expect(await screen.findByRole('combobox', { name: 'Program manager' })).toBeInTheDocument();
  });

  it('says No builders were found when a search finds none', async () => {
    builders();
    renderRoute(<ChoosePmPage />);
    const box = screen.getByRole('combobox', { name: 'Builder' });
    await userEvent.type(box, 'zzz');
    await waitFor(() => expect(screen.getByText('No builders were found')).toBeInTheDocument());
  });
});
