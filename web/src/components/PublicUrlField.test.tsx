import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/utils';
import { PublicUrlField } from './PublicUrlField';

const URL = 'https://tours.example.com/brightway/community/12';

describe('PublicUrlField', () => {
  it('copies the address and says so, or says the copy failed', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <PublicUrlField url={URL} />
      </Providers>,
    );
    expect(screen.getByRole('textbox', { name: 'Public page URL' })).toHaveValue(URL);
    await user.click(screen.getByRole('button', { name: /^Copy/ }));
    expect(await screen.findByText('URL copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: /^Copy/ }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
  });

  it('says when there is no public site', () => {
    render(
      <Providers>
        <PublicUrlField url={null} />
      </Providers>,
    );
    expect(screen.getByText('The public site address is not configured.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Copy/ })).toBeDisabled();
  });
});
