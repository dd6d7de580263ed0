import { describe, expect, it } from 'vitest';
import { calendarFile, fold } from './ics.ts';

describe('calendarFile', () => {
  const file = calendarFile({
    uid: 'reg-1@cairn',
    title: 'Trail Day 2027',
    description: 'Bring boots, water; and a friend.\nSee you there.',
    location: 'Boulder, Colorado',
    firstDay: '2027-05-15',
    lastDay: '2027-05-16',
    stamp: new Date('2026-11-25T10:00:00.000Z'),
  });

  it('writes an all-day event ending the day after its last day, with CRLF lines', () => {
    expect(file).toContain('DTSTART;VALUE=DATE:20270515\r\n');
    expect(file).toContain('DTEND;VALUE=DATE:20270517\r\n');
    expect(file).toContain('DTSTAMP:20261125T100000Z\r\n');
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(file).toContain('DESCRIPTION:Bring boots\\, water\\; and a friend.\\nSee you there.');
    const long = fold(`SUMMARY:${'é'.repeat(60)}`);
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      long
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
  });
});
