import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { tourTexts } from '../../settings/contentSettings';
import { homeWords } from '../../settings/wording';
import { TourTextsProvider } from '../tourTexts';
import { saveVisitorSession } from '../visitorSession';
import { TourNow } from './TourNow';
import { tourVisit } from '../testFixtures';

const SESSION = {
  token: 'visitor-token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  firstname: 'Vera',
  lastname: 'Visitor',
};

const visit = (state: string, code: string | null, message: string) => tourVisit({ state, code, message });

afterEach(() => {
  sessionStorage.clear();
  saveVisitorSession('brightway-homes', null);
  vi.restoreAllMocks();
});

function open(handlers: Parameters<typeof mockRoutes>[0]) {
  const calls = mockRoutes(handlers);
  renderRoute(<TourNow webflow="brightway-homes" propertyId={15} session={SESSION} />);
  return calls;
}

describe('TourNow', () => {
  it('asks for a code with the visitor’s session and shows it once the lock holds it', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const calls = open({
      'POST /api/tour/brightway-homes/property/15/tour-now': () => ({
        body: visit('setting', null, 'Your code is on its way to the lock.'),
      }),
      'GET /api/tour/brightway-homes/visits/7': () =>
        ++reads === 1
          ? { body: visit('setting', null, 'Your code is on its way to the lock.') }
          : { body: visit('ready', '4821', "Type this code on the lock's keypad.") },
    });
    await user.click(screen.getByRole('button', { name: 'Tour Now' }));
    expect(await screen.findByText('Your code is on its way to the lock.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Your door code', {}, { timeout: 5000 })).toHaveTextContent('4821');
    expect(screen.getByText("Type this code on the lock's keypad.")).toBeInTheDocument();
    expect(calls[0].authorization).toBe('Bearer visitor-token');
    expect(sessionStorage.getItem('tourdesk.visit.brightway-homes.15')).toBe('7');
  });

  it('says what the builder’s content settings say, in its words', async () => {
    mockRoutes({});
    const texts = tourTexts({ tour_now_title: 'Walk in now', tour_now_button: 'Open the door' }, homeWords(true));
    renderRoute(
      <TourTextsProvider value={texts}>
        <TourNow webflow="brightway-homes" propertyId={15} session={SESSION} />
      </TourTextsProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Walk in now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the door' })).toBeEnabled();
    expect(screen.getByText(/while the rental is open to tours/)).toBeInTheDocument();
  });

  it('offers the after-tour page once the door opened', async () => {
    sessionStorage.setItem('tourdesk.visit.brightway-homes.15', '7');
    open({ 'GET /api/tour/brightway-homes/visits/7': () => ({ body: tourVisit({ accessed: true }) }) });
    expect(await screen.findByRole('link', { name: 'Done touring? Tell us how it went' })).toHaveAttribute(
      'href',
      '/tour/brightway-homes/after/7',
    );
  });

  it('shows the reason a tour cannot start now', async () => {
    const user = userEvent.setup();
    open({
      'POST /api/tour/brightway-homes/property/15/tour-now': () => ({
        status: 409,
        body: {
          message: 'Self-tours of this home are closed now. They open again Thursday, November 26 at 7:00 AM CT.',
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Tour Now' }));
    expect(
      await screen.findByText(
        'Self-tours of this home are closed now. They open again Thursday, November 26 at 7:00 AM CT.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tour Now' })).toBeEnabled();
  });

  it('ends an expired visitor session instead of signing staff out', async () => {
    const user = userEvent.setup();
    saveVisitorSession('brightway-homes', SESSION);
    open({
      'POST /api/tour/brightway-homes/property/15/tour-now': () => ({ status: 401, body: { message: 'Unauthorized' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Tour Now' }));
    await vi.waitFor(() => expect(localStorage.getItem('tourdesk.visitor.brightway-homes')).toBeNull());
  });
});
