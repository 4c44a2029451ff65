import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Wizard } from './Wizard';

function Harness() {
  const [active, setActive] = useState(0);
  return (
    <Wizard steps={['One', 'Two']} active={active} onBack={() => setActive(0)} onNext={() => setActive(1)}>
      <p>step {active}</p>
    </Wizard>
  );
}

describe('Wizard', () => {
  it('has Previous disabled on the first step, Submit on the last, and moves focus to the step title', async () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Two' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('step 0')).toBeInTheDocument();
  });
});
