import { describe, expect, it } from 'vitest';
import type { CommunityRow } from '../../api/types';
import { uniqueCommunityRows } from './api/communities';
import {
  communityDefaults,
  communitySchema,
  firstSectionWithError,
  MSG_BUILDER,
  MSG_CITY,
  MSG_DIGITS_ONLY,
  MSG_NAME,
  MSG_POINT_PERSON,
  MSG_SALES_CONTACT,
  MSG_STATE,
  MSG_TRADE_CODE,
  MSG_ZIP,
  publicUrlOf,
  SERVER_FIELDS,
  toCommunityInput,
  type CommunityFormValues,
} from './communitySchema';
import { stepWithError } from './components/CommunityWizardPage';
import { OAK_RIDGE } from './testFixtures';

function errorsOf(values: CommunityFormValues, requireBuilder = false): Record<string, string> {
  const result = communitySchema({ requireBuilder }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const empty = () => communityDefaults(null, null);
const filled = (): CommunityFormValues => communityDefaults(OAK_RIDGE, null);

describe('community form rules (spec 3 §5)', () => {
  it('names every missing required field with the spec message', () => {
    expect(errorsOf(empty(), true)).toEqual({
      builder_id: MSG_BUILDER,
      name: MSG_NAME,
      state: MSG_STATE,
      city: MSG_CITY,
      zip: MSG_ZIP,
      sales_agent: MSG_SALES_CONTACT,
      emergency_contacts: MSG_POINT_PERSON,
    });
    expect(MSG_SALES_CONTACT).toBe('Sales contact is a required field');
    expect(MSG_POINT_PERSON).toBe('Point person is a required field');
    expect(errorsOf({ ...empty(), name: '   ' }).name).toBe('Name is required field');
    // Without a builder choice (not enterprise, or editing) the builder is not asked for.
    expect(errorsOf(empty(), false).builder_id).toBeUndefined();
    expect(errorsOf(filled())).toEqual({});
  });

  it('accepts digits only in the codes and the project id, and 4–8 digits or none for the trade code', () => {
    const v = filled();
    expect(errorsOf({ ...v, community_backup_code: '12a' }).community_backup_code).toBe(MSG_DIGITS_ONLY);
    expect(errorsOf({ ...v, sales_code: '1 2' }).sales_code).toBe('The field should have digits only');
    expect(errorsOf({ ...v, lasso_community_project_id: '12x' }).lasso_community_project_id).toBe(MSG_DIGITS_ONLY);
    expect(errorsOf({ ...v, trade_code: '123' }).trade_code).toBe(
      'Trade code are must have between 4-8 digits! Empty slots are acceptable',
    );
    expect(errorsOf({ ...v, trade_code: '123456789' }).trade_code).toBe(MSG_TRADE_CODE);
    expect(errorsOf({ ...v, trade_code: '' })).toEqual({});
    expect(errorsOf({ ...v, trade_code: '12345678', community_backup_code: '', sales_code: '' })).toEqual({});
  });

  it('checks the tour and staff hours with the editors’ rules', () => {
    const week = OAK_RIDGE.communityTourHours!.map((d) =>
      d.dayOfWeek === 1 ? { ...d, tourHoursEnd: { hour: 6, minute: 0 } } : d,
    );
    expect(errorsOf({ ...filled(), communityTourHours: week }).communityTourHours).toBe(
      'Monday: End must be after start',
    );
    expect(errorsOf({ ...filled(), staff_lock_interval: 7 }).staff_lock_interval).toBe(
      'Choose 1, 3, 5, 10, 15, 20 or 30 minutes',
    );
  });
});

describe('the save body', () => {
  it('sends usernames and team ids, nulls for empty optional texts, and keeps what the form does not edit', () => {
    const values = {
      ...filled(),
      lasso_community_project_id: '',
      additional_notes: '  ',
      teams: [{ id: 3, name: 'A' }],
    };
    const body = toCommunityInput(values, { community: OAK_RIDGE, chooseBuilder: false });
    expect(body).toMatchObject({
      id: 12,
      agents: ['sam.sales'],
      teams: [3],
      lasso_community_project_id: null,
      additional_notes: null,
      floor_plan_url: null,
      hub_backup_code: '1111',
      privacy_additional_notes: 'Private note',
      staff_lock_interval: 10,
    });
    expect(body.builder_id).toBeUndefined();
    expect(
      toCommunityInput(
        { ...values, lasso_community_project_id: '0042' },
        { community: OAK_RIDGE, chooseBuilder: false },
      ).lasso_community_project_id,
    ).toBe(42);
  });

  it('sends the builder only when adding with a choice, and no interval without staff hours', () => {
    const values = { ...filled(), builder_id: 9, communityStaffHours: null };
    const added = toCommunityInput(values, { community: null, chooseBuilder: true });
    expect(added.builder_id).toBe(9);
    expect(added.id).toBeUndefined();
    expect(added.staff_lock_interval).toBeNull();
    expect(toCommunityInput(values, { community: null, chooseBuilder: false }).builder_id).toBeUndefined();
  });

  it("maps the server's field keys, day keys included, onto the form", () => {
    expect(SERVER_FIELDS.trade_code).toBe('trade_code');
    expect(SERVER_FIELDS['communityTourHours.3']).toBe('communityTourHours');
    expect(SERVER_FIELDS['communityStaffHours.0']).toBe('communityStaffHours');
    expect(SERVER_FIELDS.hub_backup_code).toBeUndefined();
  });

  it('reads the public page address when the server sends one', () => {
    expect(publicUrlOf(OAK_RIDGE)).toBeNull();
    expect(publicUrlOf({ ...OAK_RIDGE, public_url: 'https://tours.example.com/b/community/12' })).toBe(
      'https://tours.example.com/b/community/12',
    );
  });
});

describe('sections and wizard steps', () => {
  it('finds the first step or tab holding an error', () => {
    expect(stepWithError({ name: 'x', trade_code: 'y' })).toBe(0);
    expect(stepWithError({ communityTourHours: 'x' })).toBe(1);
    expect(stepWithError({ lasso_community_project_id: 'x' })).toBe(3);
    expect(stepWithError({ trade_code: 'x', staff_lock_interval: 'y' })).toBe(4);
    expect(stepWithError({})).toBeNull();
    expect(firstSectionWithError(['automations', 'integrations'], { lasso_community_project_id: 1 })).toBe(
      'integrations',
    );
  });
});

describe('list rows', () => {
  it('drops rows repeated with the same id, builder and builder name', () => {
    const row = { id: 1, builder_id: 5, builderName: 'B', name: 'Oak' } as CommunityRow;
    const answer = { data: [row, { ...row }, { ...row, builder_id: 6 }], total: 3 };
    expect(uniqueCommunityRows(answer).data).toHaveLength(2);
    const unique = { data: [row], total: 1 };
    expect(uniqueCommunityRows(unique)).toBe(unique);
  });
});
