import { describe, expect, it } from 'vitest';
import type { CatalogItem, PropertyDetail } from '../../api/types';
import {
  COMMUNITY_CLEARED,
  EMPTY_INFO,
  LOCKUP_TIMES,
  MSG_PM_REQUIRED,
  accessSettingsToggled,
  alarmFields,
  becomesSold,
  checkCodes,
  checkPropertyInfo,
  communityFill,
  detailToEdit,
  detailToObject,
  choosable,
  dispositionOptions,
  editSchema,
  editToObject,
  emptyWizard,
  formatDollars,
  ownCode,
  pmProblem,
  projectIdError,
  projectIdValue,
  stepOfField,
  visibleIntegrations,
  wizardSchema,
  wizardSteps,
  wizardToObject,
  type EditValues,
  type PropertyInfoValues,
  statusColour,
} from './propertySchema';

const complete: PropertyInfoValues = {
  ...EMPTY_INFO,
  builder_id: 5,
  community_id: 11,
  timezone: 53,
  address_1: '148 Oak Lane',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  bedrooms: '3',
  fullBathrooms: '2',
  halfBathrooms: '0',
  squareFootage: '1800',
};

const CATALOG: CatalogItem[] = [
  { catalog_id: 2, catalog_type_id: 1, name: 'Accessible', value: 'PROPERTY_AVAILABLE', description: '' },
  { catalog_id: 4, catalog_type_id: 1, name: 'Sold', value: 'PROPERTY_SOLD', description: '' },
  { catalog_id: 5, catalog_type_id: 1, name: 'Rented', value: 'PROPERTY_RENTED', description: '' },
];

describe('wizard step 1', () => {
  it('words every message as the spec does', () => {
    const errors = checkPropertyInfo({ ...EMPTY_INFO, bedrooms: ' ', price: 'abc' }, 'wizard', {
      requireBuilder: true,
    });
    expect(errors).toEqual({
      builder_id: 'Builder required',
      community_id: 'community required',
      timezone: 'timezone required',
      address_1: 'Address field is required',
      city: 'City field is required',
      state: 'State field is required',
      zipcode: 'Zipcode field is required',
      price: 'Price must be a number',
      bedrooms: 'Bedrooms field is required',
      fullBathrooms: 'Full Bathrooms field is required',
      halfBathrooms: 'Half Bathrooms field is required',
      squareFootage: 'Square Footage field is required',
    });
  });

  it('asks for the builder only when the user chooses it, and passes a complete step', () => {
    expect(checkPropertyInfo({ ...complete, builder_id: null }, 'wizard')).toEqual({});
    expect(checkPropertyInfo(complete, 'wizard', { requireBuilder: true })).toEqual({});
  });

  it('runs the rules through the form schema', () => {
    const result = wizardSchema({ requireBuilder: false }).safeParse({
      ...emptyWizard(null, null),
      ...complete,
      bedrooms: 'x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['bedrooms', 'Must be a number']]);
  });

  it('has four steps, five for enterprise or rental accounts', () => {
    expect(wizardSteps({ isEnterprise: false, isRental: false })).toEqual([
      'Property Info',
      'Add Users & Teams',
      'Tour Hours',
      'Automations',
    ]);
    expect(wizardSteps({ isEnterprise: true, isRental: false })).toHaveLength(5);
    expect(wizardSteps({ isEnterprise: false, isRental: true }).at(-1)).toBe('Integrations');
  });

  it('needs a project manager among the agents', () => {
    expect(pmProblem([])).toBe(MSG_PM_REQUIRED);
    expect(pmProblem([{ is_project_manager: false }])).toBe('A PM is required to be assigned!');
    expect(pmProblem([{ is_project_manager: false }, { is_project_manager: true }])).toBeNull();
  });

  it('fills from a community and clears it all on a new builder', () => {
    const filled = communityFill({
      name: 'Oak Ridge',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lasso_community_project_id: 4411,
      novihome_integration: true,
      community_backup_code: '482910',
      trade_code: '1234',
      sales_code: '',
    });
    expect(filled).toEqual({
      subdivision: 'Oak Ridge',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      lasso_project_id: '4411',
      integration_active: true,
      property_backup_code: '482910',
      trade_code: '1234',
      sales_code: '',
    });
    for (const key of Object.keys(filled)) expect(COMMUNITY_CLEARED).toHaveProperty(key);
    expect(COMMUNITY_CLEARED.community_id).toBeNull();
  });

  it('sends the new property with staff, hours, coordinates and the draft hour range', () => {
    const values = { ...emptyWizard(5, 53), ...complete, price: '450000', alarm: false, alarm_company: 'Kept out' };
    const body = wizardToObject(values, {
      chooseBuilder: true,
      isRental: false,
      coordinates: { lat: 30.2, lng: -97.7 },
      agents: [{ agentUsername: 'demo.pm', is_project_manager: true }],
      teams: [{ id: 3 }],
      tourHours: null,
    });
    expect(body).toMatchObject({
      builder_id: 5,
      price: 450000,
      bedrooms: 3,
      latitude: 30.2,
      longitude: -97.7,
      tourHoursStart: 5,
      tourHoursEnd: 23,
      propertyTourHours: null,
      alarm_company: null,
      rental_application_url: null,
      agents: [{ agentUsername: 'demo.pm', is_project_manager: true }],
      teams: [{ id: 3 }],
      lasso_project_id: null,
    });
  });

  it('sends the user back to the step of a server error', () => {
    expect(stepOfField('address_1')).toBe('Property Info');
    expect(stepOfField('agents')).toBe('Add Users & Teams');
    expect(stepOfField('propertyTourHours')).toBe('Tour Hours');
    expect(stepOfField('trade_code')).toBe('Automations');
    expect(stepOfField('lasso_project_id')).toBe('Integrations');
  });
});

describe('codes and integrations', () => {
  it('takes digits only; a trade code is empty or 4 to 8 digits', () => {
    expect(checkCodes({ property_backup_code: '12a', trade_code: '', sales_code: '' })).toEqual({
      property_backup_code: 'The field should have digits only',
    });
    expect(checkCodes({ property_backup_code: '', trade_code: '123', sales_code: '9' }).trade_code).toMatch(
      /4-8 digits/,
    );
    expect(checkCodes({ property_backup_code: '0012', trade_code: '12345678', sales_code: '' })).toEqual({});
  });

  it('takes digits with a trailing space or nothing for a project id', () => {
    expect(projectIdError('')).toBeNull();
    expect(projectIdError('123 ')).toBeNull();
    expect(projectIdError(' 123')).toBe('The field should have digits only');
    expect(projectIdError('12a')).toBe('The field should have digits only');
    expect(projectIdValue('123 ')).toBe('123');
    expect(projectIdValue('  ')).toBeNull();
  });

  it('hides integrations whose project id is not numeric', () => {
    const list = [
      { name: 'A', project_id: 12 },
      { name: 'B', project_id: null },
      { name: 'C', project_id: 'x1' as unknown as number },
    ];
    expect(visibleIntegrations(list).map((i) => i.name)).toEqual(['A', 'B']);
  });
});

const editValues: EditValues = {
  ...complete,
  disposition_id: 2,
  contract_date: '2026-10-01',
  latitude: '30.2',
  longitude: '-97.7',
  hasAccessNotes: true,
  access_notes: 'Key in the lockbox',
};

describe('the info card', () => {
  it('counts blank numbers as missing and words its messages its way', () => {
    const errors = checkPropertyInfo(
      {
        ...editValues,
        squareFootage: '  ',
        latitude: '',
        longitude: 'west',
        price: 'lots',
        timezone: 0,
        isModel: null,
      },
      'edit',
    );
    expect(errors).toEqual({
      squareFootage: 'Square Footage is required',
      latitude: 'Latitude is required',
      longitude: 'Must be a number',
      price: 'Must be a number',
      timezone: 'Timezone is required',
      isModel: 'Is Model is required',
    });
    expect(checkPropertyInfo({ ...editValues, address_1: '', community_id: null }, 'edit')).toEqual({
      address_1: 'Address is required',
      community_id: 'Community is required',
    });
  });

  it('blocks the save on any field error', () => {
    expect(editSchema().safeParse(editValues).success).toBe(true);
    expect(editSchema().safeParse({ ...editValues, bedrooms: '' }).success).toBe(false);
  });

  it('restores the stored alarm fields when switched on and clears them when off', () => {
    const stored = { alarm_company: 'SafeHome', armed_hours: '8pm-6am', disarm_code: '4321', emergency_notes: null };
    expect(alarmFields(true, stored)).toEqual({
      alarm_company: 'SafeHome',
      armed_hours: '8pm-6am',
      disarm_code: '4321',
      emergency_notes: '',
    });
    expect(Object.values(alarmFields(false, stored))).toEqual(['', '', '', '']);
    const off = editToObject({ ...editValues, alarm: false, alarm_company: 'SafeHome' }, CATALOG, false);
    expect(off.alarm_company).toBeNull();
  });

  it('sends the contract date only for Sold and the notes only when checked', () => {
    expect(editToObject(editValues, CATALOG, false).contract_date).toBeNull();
    expect(editToObject({ ...editValues, disposition_id: 4 }, CATALOG, false).contract_date).toBe('2026-10-01');
    expect(editToObject({ ...editValues, hasAccessNotes: false }, CATALOG, false).access_notes).toBeNull();
    expect(becomesSold(CATALOG, 2, 4)).toBe(true);
    expect(becomesSold(CATALOG, 4, 4)).toBe(false);
  });

  it('offers Rented only in rental mode', () => {
    expect(dispositionOptions(CATALOG, false).map((d) => d.name)).toEqual(['Accessible', 'Sold']);
    expect(dispositionOptions(CATALOG, true).map((d) => d.name)).toEqual(['Accessible', 'Sold', 'Rented']);
  });

  it("gives staff who are not managers the second list, still showing the home's own status", () => {
    const staffAccess = { ...CATALOG[0], catalog_id: 9, name: 'Staff Access', value: 'PROPERTY_STAFF_ACCESS' };
    const catalog = [...CATALOG, staffAccess];
    expect(dispositionOptions(catalog, true, true).map((d) => d.name)).toEqual(['Accessible', 'Staff Access']);
    const ofSoldHome = dispositionOptions(catalog, false, true, 4);
    expect(ofSoldHome.map((d) => d.name)).toEqual(['Accessible', 'Sold', 'Staff Access']);
    expect(ofSoldHome.map((d) => choosable(d, true))).toEqual([true, false, true]);
    expect(catalog.every((d) => choosable(d, false))).toBe(true);
  });

  it('sends codes that only repeat the community as empty, so they keep following it', () => {
    expect(ownCode('482910', '482910')).toBe('');
    expect(ownCode('1111', '482910')).toBe('1111');
  });

  it('loads the card from the detail and rebuilds the whole object from it', () => {
    const detail = {
      property_id: 70,
      builder_id: 5,
      community_id: 11,
      disposition_id: 2,
      timezone: 53,
      address_1: '148 Oak Lane',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      latitude: 30.2,
      longitude: -97.7,
      price: 450000,
      bedrooms: 3,
      fullBathrooms: 2,
      halfBathrooms: 0,
      squareFootage: 1800,
      isModel: false,
      alarm: false,
      property_backup_code: '482910',
      community_backup_code: '482910',
      trade_code: '5555',
      community_trade_code: '1234',
      sales_code: '',
      community_sales_code: '',
      resident_code: '',
      access_settings: false,
      tourHoursStart: 5,
      tourHoursEnd: 23,
      agents: [{ agentUsername: 'demo.pm', is_project_manager: true, firstname: 'D', lastname: 'P' }],
      teams: [{ id: 3, name: 'Crew' }],
      integrations: [{ id: 4, name: 'Lasso CRM', project_id: null, isActive: true }],
    } as unknown as PropertyDetail;
    expect(detailToEdit(detail)).toMatchObject({
      price: '450000',
      bedrooms: '3',
      latitude: '30.2',
      hasAccessNotes: false,
    });
    expect(detailToObject(detail)).toMatchObject({
      property_backup_code: '',
      trade_code: '5555',
      integration_active: true,
      agents: [{ agentUsername: 'demo.pm', is_project_manager: true }],
      teams: [{ id: 3 }],
    });
  });
});

describe('access settings', () => {
  it('nulls both values when off and defaults to 15 min and 10:00 PM when on', () => {
    expect(accessSettingsToggled(false, { relock_interval: 20 })).toEqual({
      access_settings: false,
      relock_interval: null,
      end_of_day_lockup: null,
    });
    expect(accessSettingsToggled(true, {})).toEqual({
      access_settings: true,
      relock_interval: 15,
      end_of_day_lockup: '10:00 PM',
    });
    expect(accessSettingsToggled(true, { relock_interval: 25, end_of_day_lockup: '8:30 PM' })).toMatchObject({
      relock_interval: 25,
      end_of_day_lockup: '8:30 PM',
    });
  });

  it('offers the lockup from 8:00 PM to 11:00 PM every 30 minutes', () => {
    expect(LOCKUP_TIMES).toEqual(['8:00 PM', '8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM']);
  });
});

it('shows the price as whole US dollars', () => {
  expect(formatDollars('450000')).toBe('$450,000');
  expect(formatDollars(1850)).toBe('$1,850');
  expect(formatDollars('')).toBe('');
});

describe('status colours', () => {
  it('colour Accessible homes by their lock only', () => {
    expect(statusColour('Accessible', 'Active')).toBe('success');
    expect(statusColour('Accessible', 'Down')).toBe('error');
    expect(statusColour('Accessible', 'Broken')).toBe('default');
    expect(statusColour('Accessible', null)).toBe('default');
    expect(statusColour('Sold', 'Down')).toBe('default');
    expect(statusColour('Under Contract', 'Active')).toBe('default');
  });
});
