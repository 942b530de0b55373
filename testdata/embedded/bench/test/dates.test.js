import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isLeapYear, daysInMonth, formatDate, parseDate, addDays, diffDays, dayOfYear, weekday, isWeekend } from '../src/dates.js';

const d = (s) => new Date(s + 'T00:00:00Z');

describe('leap years', () => {
  it('divisible by 4', () => assert.ok(isLeapYear(2024)));
  it('century', () => assert.ok(!isLeapYear(1900)));
  it('400 years', () => assert.ok(isLeapYear(2000)));
  it('ordinary', () => assert.ok(!isLeapYear(2023)));
});
describe('daysInMonth', () => {
  it('january', () => assert.equal(daysInMonth(2023, 1), 31));
  it('february leap', () => assert.equal(daysInMonth(2024, 2), 29));
  it('february common', () => assert.equal(daysInMonth(2023, 2), 28));
  it('april', () => assert.equal(daysInMonth(2023, 4), 30));
  it('out of range', () => assert.throws(() => daysInMonth(2023, 13), RangeError));
});
describe('format and parse', () => {
  it('formats', () => assert.equal(formatDate(d('2024-03-05')), '2024-03-05'));
  it('formats early years', () => assert.equal(formatDate(new Date(Date.UTC(999, 0, 1))), '0999-01-01'));
  it('parses', () => assert.equal(parseDate('2024-02-29').getTime(), Date.UTC(2024, 1, 29)));
  it('rejects bad day', () => assert.equal(parseDate('2023-02-29'), null));
  it('rejects bad month', () => assert.equal(parseDate('2023-13-01'), null));
  it('rejects garbage', () => assert.equal(parseDate('yesterday'), null));
  it('round trips', () => assert.equal(formatDate(parseDate('1999-12-31')), '1999-12-31'));
});
describe('arithmetic', () => {
  it('adds days', () => assert.equal(formatDate(addDays(d('2024-02-28'), 2)), '2024-03-01'));
  it('subtracts days', () => assert.equal(formatDate(addDays(d('2024-01-01'), -1)), '2023-12-31'));
  it('diff days', () => assert.equal(diffDays(d('2024-01-01'), d('2024-03-01')), 60));
  it('negative diff', () => assert.equal(diffDays(d('2024-01-02'), d('2024-01-01')), -1));
  it('day of year', () => assert.equal(dayOfYear(d('2024-12-31')), 366));
  it('first day of year', () => assert.equal(dayOfYear(d('2023-01-01')), 1));
});
describe('weekdays', () => {
  it('names the day', () => assert.equal(weekday(d('2024-01-01')), 'Mon'));
  it('sunday', () => assert.equal(weekday(d('2023-12-31')), 'Sun'));
  it('weekend', () => assert.ok(isWeekend(d('2024-01-06'))));
  it('weekday is not weekend', () => assert.ok(!isWeekend(d('2024-01-03'))));
});
