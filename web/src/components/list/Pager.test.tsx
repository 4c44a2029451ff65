import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('renders the page window and reports clicks', async () => {
    const onPage = vi.fn();
    render(<Pager page={10} limit={25} total={500} onPageChange={onPage} onLimitChange={() => {}} />);
    expect(screen.getByText('Showing 251-275 of 500')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'pagination' });
    const buttons = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['', '1', '10', '11', '12', '13', '20', '']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 11' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onPage).toHaveBeenCalledWith(19);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(11);
  });

  it('disables previous on the first page and next on the last', () => {
    render(<Pager page={0} limit={25} total={20} onPageChange={() => {}} onLimitChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('Showing 1-20 of 20')).toBeInTheDocument();
  });

  it('offers the page sizes 25, 50, 100 and 150', async () => {
    const onLimit = vi.fn();
    render(<Pager page={0} limit={25} total={400} onPageChange={() => {}} onLimitChange={onLimit} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '100', '150']);
    await userEvent.click(screen.getByRole('option', { name: '100' }));
    expect(onLimit).toHaveBeenCalledWith(100);
  });
});
