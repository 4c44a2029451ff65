import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session';
import type { SessionUser } from '../../api/types';
import { builderSelection } from '../../app/builderSelection';
import { LocationProbe } from '../../test/utils';
import {
  keepListStateUnder,
  listStateStore,
  resetListStatesOutside,
  useListParams,
  type ListController,
} from './useListParams';

let list: ListController<'filterByBuilder'>;
let navigate: NavigateFunction;

function AgentsList() {
  list = useListParams({
    area: 'agents',
    defaultOrderBy: 'firstname',
    defaultOrder: 'desc',
    sortable: ['username', 'firstname', 'email'],
    filters: ['filterByBuilder'] as const,
  });
  return null;
}

function Nav() {
  navigate = useNavigate();
  return null;
}

function setup(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/agents" element={<AgentsList />} />
        <Route path="*" element={null} />
      </Routes>
      <Nav />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const url = () => new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1] ?? '');

beforeEach(() => {
  listStateStore.reset();
  builderSelection.reset();
  sessionStore.clear();
});

describe('useListParams', () => {
  it('starts from the defaults and writes them to the URL', () => {
    setup('/agents');
    expect(list.params).toEqual({
      search: '',
      order: 'desc',
      orderBy: 'firstname',
      page: 0,
      limit: 25,
      showAll: false,
      filters: { filterByBuilder: '' },
    });
    expect(Object.fromEntries(url())).toEqual({ order: 'desc', orderBy: 'firstname', page: '0', limit: '25' });
    expect(list.query).toEqual({
      search: '',
      order: 'desc',
      orderBy: 'firstname',
      page: 0,
      limit: 25,
      filterByBuilder: '',
    });
  });

  it('restores search, sort, paging and filters from the URL', () => {
    setup('/agents?search=bob&order=asc&orderBy=email&page=2&limit=50&filterByBuilder=3&showAll=true');
    expect(list.params).toEqual({
      search: 'bob',
      order: 'asc',
      orderBy: 'email',
      page: 2,
      limit: 50,
      showAll: true,
      filters: { filterByBuilder: '3' },
    });
    expect(list.query).toMatchObject({ filterByBuilder: '3', showAll: true });
  });

  it('ignores values outside what the list allows', () => {
    setup('/agents?order=sideways&orderBy=password&page=-3&limit=33');
    expect(list.params).toMatchObject({ order: 'desc', orderBy: 'firstname', page: 0, limit: 25 });
  });

  it('resets the page on a new search, sort, page size or filter, not on a page change', () => {
    setup('/agents?page=3');
    act(() => list.setSearch('ann'));
    expect(list.params).toMatchObject({ search: 'ann', page: 0 });
    expect(url().get('search')).toBe('ann');

    act(() => list.setPage(4));
    expect(list.params.page).toBe(4);
    act(() => list.setSort('email'));
    expect(list.params).toMatchObject({ orderBy: 'email', order: 'asc', page: 0 });
    act(() => list.setSort('email'));
    expect(list.params.order).toBe('desc');

    act(() => list.setPage(2));
    act(() => list.setLimit(100));
    expect(list.params).toMatchObject({ limit: 100, page: 0 });

    act(() => list.setPage(1));
    act(() => list.setFilters({ filterByBuilder: '7' }));
    expect(list.params).toMatchObject({ page: 0, filters: { filterByBuilder: '7' } });
    expect(url().get('filterByBuilder')).toBe('7');
    act(() => list.setFilters({ filterByBuilder: null }));
    expect(url().has('filterByBuilder')).toBe(false);
  });

  it('clears the selection on a page or page-size change', () => {
    setup('/agents');
    act(() => list.setSelected(['a', 'b']));
    expect(list.selected).toEqual(['a', 'b']);
    act(() => list.setPage(1));
    expect(list.selected).toEqual([]);
    act(() => list.setSelected(['c']));
    act(() => list.setLimit(50));
    expect(list.selected).toEqual([]);
  });

  it('clears the selection when a new search, sort, filter or Show All replaces the rows', () => {
    // Already on page 0: the page itself does not change.
    setup('/agents');
    const steps: (() => void)[] = [
      () => list.setSearch('ann'),
      () => list.setSort('email'),
      () => list.setSort('email'),
      () => list.setFilters({ filterByBuilder: '7' }),
      () => list.setShowAll(true),
      () => list.setShowAll(false),
    ];
    for (const step of steps) {
      act(() => list.setSelected(['a']));
      expect(list.selected).toEqual(['a']);
      act(step);
      expect(list.selected).toEqual([]);
    }
  });

  it('keeps the selection while nothing changes and clears it when the top-bar builder changes', () => {
    sessionStore.signIn('t', { username: 'ent', isEnterprise: true } as SessionUser);
    builderSelection.set(0);
    setup('/agents');
    act(() => list.setSelected(['a']));
    act(() => list.setSearch(''));
    expect(list.selected).toEqual(['a']);
    act(() => builderSelection.set(3));
    expect(list.selected).toEqual([]);
  });

  it('keeps the state inside the area and resets it when leaving', () => {
    setup('/agents?search=zoe&page=1');
    act(() => navigate('/agents/zoe.lee'));
    act(() => navigate('/agents'));
    expect(list.params).toMatchObject({ search: 'zoe', page: 1 });
    expect(url().get('search')).toBe('zoe');

    act(() => navigate('/teams'));
    resetListStatesOutside('/teams');
    act(() => navigate('/agents'));
    expect(list.params).toMatchObject({ search: '', page: 0 });
  });

  it('keeps the state under the paths an area names too', () => {
    keepListStateUnder('agents', '/teams/');
    setup('/agents?search=zoe');
    act(() => navigate('/teams/4'));
    resetListStatesOutside('/teams/4');
    act(() => navigate('/agents'));
    expect(list.params).toMatchObject({ search: 'zoe' });

    act(() => navigate('/teams'));
    resetListStatesOutside('/teams');
    act(() => navigate('/agents'));
    expect(list.params).toMatchObject({ search: '' });
  });

  it('toggles Show All and back to paging', () => {
    setup('/agents?page=2');
    act(() => list.setShowAll(true));
    expect(list.params).toMatchObject({ showAll: true, page: 0 });
    expect(url().get('showAll')).toBe('true');
    act(() => list.setShowAll(false));
    expect(url().has('showAll')).toBe(false);
  });
});
