import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { branding } from '../testFixtures';
import { saveVisitorSession } from '../visitorSession';
import { DEFAULT_DISCLOSURE, VisitorIdentity } from './VisitorIdentity';

const BRANDING = branding();

const SESSION = {
  token: 'visitor-token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  firstname: 'Vera',
  lastname: 'Visitor',
};

afterEach(() => {
  saveVisitorSession('brightway-homes', null);
  vi.restoreAllMocks();
});

function open(handlers: Parameters<typeof mockRoutes>[0], branding = BRANDING) {
  // Once verified, the panel lists the visitor's booked tours.
  const calls = mockRoutes({
    'GET /api/tour/brightway-homes/property/15/scheduled': () => ({ body: [] }),
    ...handlers,
  });
  renderRoute(<VisitorIdentity webflow="brightway-homes" propertyId={15} branding={branding} />);
  return calls;
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Vera');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Visitor');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5553210001');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'vera@example.com');
  await user.click(screen.getByRole('checkbox', { name: DEFAULT_DISCLOSURE }));
}

describe('VisitorIdentity', () => {
  it('asks for every detail and the disclosure before texting a code', async () => {
    const user = userEvent.setup();
    open({});
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Phone is required',
      'Email is required',
      'Accept the disclosure to continue',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('texts a code, shows a wrong one’s message, and signs the visitor in with the right one', async () => {
    const user = userEvent.setup();
    const calls = open({
      'POST /api/tour/brightway-homes/property/15/code': () => ({
        body: { message: 'We texted a code to ***-***-0001', challenge: 'c1', expires_at: SESSION.expires_at },
      }),
      'POST /api/tour/brightway-homes/verify': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: SESSION }
          : {
              status: 422,
              body: {
                message: 'That code is not right. Check the text and try again.',
                errors: { code: 'That code is not right. Check the text and try again.' },
              },
            },
    });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted a code to ***-***-0001. It works for ten minutes.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({
      firstname: 'Vera',
      lastname: 'Visitor',
      phone: '555-321-0001',
      email: 'vera@example.com',
      disclosure_accepted: true,
    });
    expect(calls[0].authorization).toBeUndefined();
    const code = screen.getByRole('textbox', { name: 'Code' });
    await user.type(code, '65-43-21');
    expect(code).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the text and try again.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: "You're verified, Vera" })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/verify')).at(-1)!.body).toEqual({ challenge: 'c1', code: '123456' });
    await user.click(screen.getByRole('button', { name: 'Not you? Sign out' }));
    expect(screen.getByRole('heading', { name: "Who's touring?" })).toBeInTheDocument();
  });

  it('shows the builder’s own disclosure and a refusal to send', async () => {
    const user = userEvent.setup();
    open(
      {
        'POST /api/tour/brightway-homes/property/15/code': () => ({
          status: 429,
          body: { message: 'Too many codes were asked for. Try again in an hour.' },
        }),
      },
      { ...BRANDING, custom_disclosure: { name: 'Tour Agreement', text: 'Be kind to the home.' } },
    );
    expect(screen.getByText('Be kind to the home.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Vera');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Visitor');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5553210001');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'vera@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Tour Agreement' }));
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Too many codes were asked for. Try again in an hour.')).toBeInTheDocument();
  });

  it('signs in a visitor with an account from the builder', async () => {
    const user = userEvent.setup();
    const calls = open({ 'POST /api/tour/brightway-homes/signin': () => ({ body: SESSION }) });
    await user.click(screen.getByRole('button', { name: 'I have an account from Brightway Homes' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'vera@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: "You're verified, Vera" })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ username: 'vera@example.com', password: 'Secret123' });
  });

  it('asks for a selfie first when the builder verifies visitors by selfie', async () => {
    const user = userEvent.setup();
    saveVisitorSession('brightway-homes', SESSION);
    let taken = false;
    const calls = open(
      {
        'GET /api/tour/brightway-homes/me': () => ({
          body: { customer_id: 4, firstname: 'Vera', lastname: 'Visitor', selfie_taken: taken },
        }),
        'POST /api/tour/brightway-homes/selfie': () => {
          taken = true;
          return { body: { message: 'Thank you! Your selfie is saved.' } };
        },
        'GET /api/tour/brightway-homes/survey/pre': () => ({ body: [] }),
      },
      branding({ selfie_verification_active: true }),
    );
    expect(await screen.findByRole('heading', { name: 'A selfie before your tour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send selfie' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Selfie'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Your selfie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send selfie' }));
    expect(await screen.findByRole('button', { name: 'Tour Now' })).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/tour/brightway-homes/selfie');
    expect(sent?.authorization).toBe('Bearer visitor-token');
  });
});
