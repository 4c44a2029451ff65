import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_DEFAULTS } from '../companySchema';
import { ButtonPreview } from './ButtonPreview';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ButtonPreview', () => {
  it('shows the defaults, then follows changes 300 ms later', () => {
    const { rerender } = render(<ButtonPreview button={BUTTON_DEFAULTS} />);
    const preview = screen.getByTestId('button-preview');
    expect(preview).toHaveTextContent('Schedule a Tour');
    expect(preview).toHaveStyle({
      color: 'rgb(255, 255, 255)',
      backgroundColor: 'rgb(219, 92, 14)',
      borderRadius: '5px',
      fontSize: '14px',
    });

    const changed = {
      text: 'Book a visit',
      textColor: '#000',
      backgroundColor: '#00ff00',
      borderRadius: 36,
      fontSize: 8,
    };
    rerender(<ButtonPreview button={changed} />);
    act(() => vi.advanceTimersByTime(299));
    expect(preview).toHaveTextContent('Schedule a Tour');

    act(() => vi.advanceTimersByTime(1));
    expect(preview).toHaveTextContent('Book a visit');
    expect(preview).toHaveStyle({
      color: 'rgb(0, 0, 0)',
      backgroundColor: 'rgb(0, 255, 0)',
      borderRadius: '36px',
      fontSize: '8px',
    });
  });

  it('restarts the wait while the user keeps typing', () => {
    const { rerender } = render(<ButtonPreview button={BUTTON_DEFAULTS} />);
    rerender(<ButtonPreview button={{ ...BUTTON_DEFAULTS, text: 'B' }} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<ButtonPreview button={{ ...BUTTON_DEFAULTS, text: 'Bo' }} />);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('button-preview')).toHaveTextContent('Schedule a Tour');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId('button-preview')).toHaveTextContent('Bo');
  });
});
