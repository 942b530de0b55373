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
