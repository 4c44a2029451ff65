import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../test/fixtures';
import {
  MESSAGE_BOXES,
  canSubmitMessages,
  characterCount,
  insertVariable,
  intervalLabel,
  matchingVariables,
  mentionQuery,
  messagingToInput,
  renderTemplate,
  settingsToMessaging,
  toggled,
  typedAt,
  type MessagingValues,
} from './messaging';

const off = { on: false, text: '', interval: null };
const values = (during: string, on = true): MessagingValues => ({
  during: { on, text: during, interval: on ? '1 min' : null },
  after: off,
  scheduled: off,
});

describe('messaging rules', () => {
  it('enables Submit only while every switched-on message is under 240 characters', () => {
    expect(canSubmitMessages(values('a'.repeat(239)))).toBe(true);
    expect(canSubmitMessages(values('a'.repeat(240)))).toBe(false);
    expect(canSubmitMessages(values('a'.repeat(241)))).toBe(false);
    // A switched-off box does not count, whatever it holds.
    expect(canSubmitMessages(values('a'.repeat(300), false))).toBe(true);
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(characterCount('Hi 👋')).toBe(4);
  });

  it('gives a switched-on box its default interval and clears it when off', () => {
    const [during, after, scheduled] = MESSAGE_BOXES;
    expect(toggled(during, off, true).interval).toBe('1 min');
    expect(toggled(after, off, true).interval).toBe('30 min');
    expect(toggled(scheduled, off, true).interval).toBeNull();
    expect(toggled(after, { on: true, text: 'x', interval: '5 min' }, true).interval).toBe('5 min');
    expect(toggled(after, { on: true, text: 'x', interval: '5 min' }, false)).toEqual({
      on: false,
      text: 'x',
      interval: null,
    });
  });

  it('labels intervals as the spec says', () => {
    expect(intervalLabel('1 min')).toBe('60 seconds');
    expect(intervalLabel('30 min')).toBe('30 minutes');
  });

  it('loads stored messages as switched on and sends switched-off ones as null', () => {
    const loaded = settingsToMessaging({
      ...SETTINGS,
      after_tour_message: 'Thanks!',
      after_tour_message_interval: null,
    });
    expect(loaded.after).toEqual({ on: true, text: 'Thanks!', interval: '30 min' });
    expect(loaded.during.on).toBe(false);
    expect(messagingToInput({ ...loaded, during: { on: false, text: 'kept', interval: null } }, 7)).toEqual({
      builder_id: 7,
      during_tour_message: null,
      during_tour_message_interval: null,
      after_tour_message: 'Thanks!',
      after_tour_message_interval: '30 min',
      scheduled_tour_message: null,
    });
  });

  it('renders the preview with the values at hand and reports unknown variables', () => {
    const preview = renderTemplate('Hi {{visitor_first_name}}, welcome to {{ community_name }}{{oops}}', {
      community_name: 'Oak Ridge',
    });
    expect(preview.text).toBe('Hi {{visitor_first_name}}, welcome to Oak Ridge{{oops}}');
    expect(preview.unknown).toEqual(['oops']);
  });
});

describe('@ suggestion', () => {
  it('opens only when an @ is typed at the caret', () => {
    expect(typedAt('Hi ', 'Hi @', 4)).toBe(true);
    expect(typedAt('Hi x', 'Hi @x', 4)).toBe(true);
    expect(typedAt('Hi', 'Hi a', 3)).toBe(false);
    // Pasting text that contains an @ is not typing one.
    expect(typedAt('', 'me@example.com', 14)).toBe(false);
  });

  it('narrows by what follows the @ and ends at a space or when the @ is gone', () => {
    expect(mentionQuery('Hi @comm', 3, 8)).toBe('comm');
    expect(mentionQuery('Hi @comm x', 3, 10)).toBeNull();
    expect(mentionQuery('Hi comm', 3, 7)).toBeNull();
    expect(matchingVariables('comm').map((v) => v.name)).toEqual([
      'community_name',
      'community_sales_phone_number',
      'community_url',
    ]);
  });

  it('replaces the @ and what was typed after it with the variable', () => {
    expect(insertVariable('Hi @comm!', 3, 8, 'community_name')).toEqual({
      text: 'Hi {{community_name}}!',
      caret: 21,
    });
  });
});
