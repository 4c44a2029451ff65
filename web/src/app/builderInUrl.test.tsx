import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useListParams, type ListController } from '../components/list/useListParams';
import { LocationProbe, signInAs } from '../test/utils';
import { builderSelection, useBuilderInUrl } from './builderSelection';

let list: ListController;
let navigate: NavigateFunction;

/** A list page inside the shell's hook, as the console has them. */
function Page() {
  useBuilderInUrl();
  navigate = useNavigate();
  list = useListParams({
    area: 'customers',
    defaultOrderBy: 'last_visit_date',
    defaultOrder: 'desc',
    sortable: ['last_visit_date'],
  });
  return null;
}

function open(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const url = () => screen.getByTestId('location').textContent ?? '';

describe('the enterprise builder choice in the URL (issue 22 §4)', () => {
  beforeEach(() => builderSelection.reset());

  it('takes the choice from the URL on arrival, as a reload would', () => {
    signInAs({ username: 'demo.enterprise', isEnterprise: true, isPM: false });
    open('/customers?builderId=7&search=lee');
    expect(builderSelection.get()).toBe(7);
    expect(url()).toContain('builderId=7');
    expect(url()).toContain('search=lee');
    expect(list.params.search).toBe('lee');
  });

  it('writes a choice made in the top bar into the URL, beside the list state, and keeps it across list changes', () => {
    signInAs({ username: 'demo.enterprise', isEnterprise: true, isPM: false });
    open('/customers?search=lee');
    act(() => builderSelection.set(0));
    expect(url()).toContain('builderId=0');
    act(() => list.setSearch('kim'));
    expect(url()).toContain('search=kim');
    expect(url()).toContain('builderId=0');
    act(() => builderSelection.set(9));
    expect(url()).toContain('builderId=9');
    // Back to an address with another choice: the URL wins.
    act(() => navigate('/customers?builderId=3'));
    expect(builderSelection.get()).toBe(3);
  });

  it('leaves the URL of users who choose no builder alone', () => {
    signInAs({ username: 'demo.pm' });
    open('/customers?builderId=7');
    expect(builderSelection.get()).toBeNull();
  });
});
