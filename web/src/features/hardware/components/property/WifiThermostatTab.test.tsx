import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WifiThermostatDetails } from '../../../../api/types';
import { mockRoutes, renderRoute, type MockResponse } from '../../../../test/utils';
import { ZONE } from './testFixtures';
import { MSG_NO_THERMOSTAT, WifiThermostatTab } from './WifiThermostatTab';

const THERMOSTAT: WifiThermostatDetails = {
  id: 51,
  wifi_thermostat_serial_number: 'WT0051',
  name: 'Living room',
  property_id: 70,
  online: true,
  temperature: 71,
  heat_set_point: 66,
  cool_set_point: 76,
  token: { token: 'panel-token', expires_at: '2026-03-03T18:15:00Z' },
  state_on: '2026-03-03T18:00:00Z',
};

function open(answer: (body: unknown) => MockResponse, get: MockResponse = { body: THERMOSTAT }) {
  const sent: unknown[] = [];
  mockRoutes({
    'GET /api/wifi-thermostats/WT0051': () => get,
    'PATCH /api/wifi-thermostats/WT0051': (call) => {
      sent.push(call.body);
      return answer(call.body);
    },
  });
  renderRoute(<WifiThermostatTab serial="WT0051" zone={ZONE} />);
  return sent;
}

describe('WifiThermostatTab', { timeout: 30_000 }, () => {
  it('shows the state and saves new set points', async () => {
    const sent = open(() => ({
      body: { message: 'Thermostat is updated', thermostat: { ...THERMOSTAT, heat_set_point: 68 } },
    }));
    expect(await screen.findByLabelText('Temperature')).toHaveTextContent('71 °F');
    expect(screen.getByText('2026-03-03 12:00 PM')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const heat = screen.getByLabelText('Heat set point (°F)');
    await userEvent.clear(heat);
    await userEvent.type(heat, '68');
    await userEvent.click(save);
    expect(await screen.findByText('Thermostat is updated')).toBeInTheDocument();
    expect(sent).toEqual([{ heat_set_point: 68, cool_set_point: 76 }]);
    await waitFor(() => expect(screen.getByText('68 °F')).toBeInTheDocument());
  });

  it("puts the server's messages under their fields", async () => {
    open(() => ({
      status: 422,
      body: {
        message: 'Validation failed',
        errors: { heat_set_point: 'The heat set point must be below the cool set point' },
      },
    }));
    const heat = await screen.findByLabelText('Heat set point (°F)');
    await userEvent.clear(heat);
    await userEvent.type(heat, '80');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The heat set point must be below the cool set point')).toBeInTheDocument();
    expect(heat).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the thermostat is not known', async () => {
    open(() => ({}), { status: 404, body: { message: 'Not found' } });
    expect(await screen.findByText(MSG_NO_THERMOSTAT)).toBeInTheDocument();
  });
});
