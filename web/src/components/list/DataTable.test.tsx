import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './DataTable';
import type { RowKey } from './useListParams';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: Column<Row>[] = [{ key: 'name', label: 'Name', sortable: true }];

function Harness({ onRowClick, onSort }: { onRowClick?: (r: Row) => void; onSort?: (k: string) => void }) {
  const [selected, setSelected] = useState<RowKey[]>([]);
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={onRowClick}
        onSort={onSort}
        orderBy="name"
        order="asc"
      />
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
    </>
  );
}

const selected = () => screen.getByTestId('selected').textContent;

describe('DataTable', () => {
  it('selects ranges with shift-click and all visible rows with the header box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Select row 2'));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByLabelText('Select row 5'));
    await user.keyboard('{/Shift}');
    expect(selected()).toBe('2,3,4,5');
    await user.click(screen.getByLabelText('Select row 3'));
    expect(selected()).toBe('2,4,5');
    await user.click(screen.getByLabelText('Select all rows'));
    expect(selected()).toBe('1,2,3,4,5,6');
    await user.click(screen.getByLabelText('Select all rows'));
    expect(selected()).toBe('');
  });

  it('opens a row on click but not when its checkbox is clicked; sorts from the header', async () => {
    const onRowClick = vi.fn();
    const onSort = vi.fn();
    render(<Harness onRowClick={onRowClick} onSort={onSort} />);
    await userEvent.click(screen.getByText('Row 4'));
    expect(onRowClick).toHaveBeenCalledWith(rows[3]);
    await userEvent.click(screen.getByLabelText('Select row 1'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('shows the empty and error states', () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No record exist!')).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} error="Boom" onRetry={() => {}} />);
    expect(screen.getByText('Boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
