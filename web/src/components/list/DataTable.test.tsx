import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe } from '../../test/utils';
import { DataTable, type Column } from './DataTable';
import type { RowKey } from './useListParams';

interface Row {
  id: number;
  name: string;
}
const makeRows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));
const rows = makeRows(1, 6);
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'id', label: 'Id' },
];

function Harness({ withHref, onSort }: { withHref?: boolean; onSort?: (k: string) => void }) {
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [shown, setShown] = useState(rows);
  return (
    <MemoryRouter initialEntries={['/list']}>
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(r) => r.id}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        rowHref={withHref ? (r) => `/items/${r.id}` : undefined}
        onSort={onSort}
        orderBy="name"
        order="asc"
      />
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
      <button onClick={() => setSelected([])}>Clear selection</button>
      <button onClick={() => setShown(makeRows(1, 6).reverse())}>Reverse rows</button>
      <LocationProbe />
    </MemoryRouter>
  );
}

const selected = () => screen.getByTestId('selected').textContent;
const location = () => screen.getByTestId('location').textContent;

async function shiftClick(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.keyboard('{Shift>}');
  await user.click(screen.getByLabelText(label));
  await user.keyboard('{/Shift}');
}

describe('DataTable', () => {
  it('selects ranges with shift-click and all visible rows with the header box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Select row 2'));
    await shiftClick(user, 'Select row 5');
    expect(selected()).toBe('2,3,4,5');
    await user.click(screen.getByLabelText('Select row 3'));
    expect(selected()).toBe('2,4,5');
    await user.click(screen.getByLabelText('Select all rows'));
    expect(selected()).toBe('1,2,3,4,5,6');
    await user.click(screen.getByLabelText('Select all rows'));
    expect(selected()).toBe('');
  });

  it('forgets the shift-click anchor when the selection is replaced from outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Select row 2'));
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selected()).toBe('');
    await shiftClick(user, 'Select row 5');
    expect(selected()).toBe('5');
  });

  it('forgets the shift-click anchor when the rows change', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Select row 2'));
    await user.click(screen.getByRole('button', { name: 'Reverse rows' }));
    await shiftClick(user, 'Select row 4');
    expect(selected()).toBe('2,4');
  });

  it('links the first cell to the row, reachable with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness withHref />);
    const link = screen.getByRole('link', { name: 'Row 4' });
    expect(link).toHaveAttribute('href', '/items/4');
    // Tab order: select-all, then per row its checkbox and its link.
    await user.tab();
    expect(screen.getByLabelText('Select all rows')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Select row 1')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Row 1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/items/1');
  });

  it('opens a row on a click anywhere but its checkbox; sorts from the header', async () => {
    const onSort = vi.fn();
    render(<Harness withHref onSort={onSort} />);
    await userEvent.click(screen.getByLabelText('Select row 1'));
    expect(location()).toBe('/list');
    expect(selected()).toBe('1');
    await userEvent.click(screen.getByRole('cell', { name: '4' }));
    expect(location()).toBe('/items/4');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('shows the empty and error states', () => {
    const inRouter = (error?: string) => (
      <MemoryRouter>
        <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} error={error} onRetry={() => {}} />
      </MemoryRouter>
    );
    const { rerender } = render(inRouter());
    expect(screen.getByText('No record exist!')).toBeInTheDocument();
    rerender(inRouter('Boom'));
    expect(screen.getByText('Boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
