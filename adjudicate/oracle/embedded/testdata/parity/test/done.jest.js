// jest only: done callbacks (vitest 3 refuses them) and the @jest/globals module.
const { describe, test, expect, jest: mocker } = require('@jest/globals');

describe('done callbacks', () => {
  test('done called later passes', (done) => {
    setTimeout(() => { expect(1).toBe(1); done(); }, 5);
  });
  test('done with an error fails', (done) => {
    setTimeout(() => done(new Error('told done')), 5);
  });
  test('an assertion before done fails', (done) => {
    setTimeout(() => {
      try {
        expect(1).toBe(2);
        done();
      } catch (e) {
        done(e);
      }
    }, 5);
  });
  test('done never called times out', (done) => { void done; }, 50);
});

describe('each with done callbacks', () => {
  test.each([[1, 2], [2, 4]])('double %i is %i, told later', (n, want, done) => {
    setTimeout(() => {
      try {
        expect(n * 2).toBe(want);
        done();
      } catch (e) {
        done(e);
      }
    }, 5);
  });
  test.each([[3, 7]])('a failing row reports through done (%i)', (n, want, done) => {
    setTimeout(() => done(n * 2 === want ? undefined : new Error('row ' + n + ' is wrong')), 5);
  });
  test.each`
    a    | b
    ${1} | ${1}
  `('template row $a with done', ({ a, b }, done) => {
    setTimeout(() => { expect(a).toBe(b); done(); }, 5);
  });
  test.each([[5]])('a row whose done is never called times out (%i)', (n, done) => { void n; void done; }, 50);
});

test('jest from @jest/globals', () => {
  const f = mocker.fn().mockReturnValue(3);
  expect(f()).toBe(3);
});

describe('jest extras', () => {
  let ready = false;
  beforeAll((done) => { setTimeout(() => { ready = true; done(); }, 5); });
  test('a beforeAll with done ran', () => expect(ready).toBe(true));
  test.failing('test.failing passes when the body fails', () => expect(1).toBe(2));
  test.failing('test.failing fails when the body passes', () => expect(1).toBe(1));
});
