const { grade } = require('../src/grade.js');

describe('grade', () => {
  test('top marks', () => {
    expect(grade(95)).toBe('A');
  });
  test('middle marks', () => {
    expect(grade(80)).toBe('B');
    expect(grade(60)).toBe('C');
  });
  test('failing marks', () => {
    expect(grade(10)).toBe('F');
  });
});

describe('range', () => {
  test('rejects scores above 100', () => {
    expect(() => grade(101)).toThrow(RangeError);
  });
});
