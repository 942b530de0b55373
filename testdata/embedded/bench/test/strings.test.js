import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { words, camelCase, kebabCase, snakeCase, capitalize, truncate, padStart, reverse, isPalindrome, countOccurrences, template } from '../src/strings.js';

describe('words', () => {
  it('splits on punctuation', () => assert.deepEqual(words('a-b_c d'), ['a', 'b', 'c', 'd']));
  it('splits camel humps', () => assert.deepEqual(words('fooBarBaz'), ['foo', 'Bar', 'Baz']));
  it('drops empties', () => assert.deepEqual(words('--a--'), ['a']));
  it('keeps digits', () => assert.deepEqual(words('v2 api'), ['v2', 'api']));
});
describe('case conversion', () => {
  it('camelCase from kebab', () => assert.equal(camelCase('foo-bar-baz'), 'fooBarBaz'));
  it('camelCase from words', () => assert.equal(camelCase('Hello World'), 'helloWorld'));
  it('camelCase single', () => assert.equal(camelCase('FOO'), 'foo'));
  it('kebabCase from camel', () => assert.equal(kebabCase('fooBarBaz'), 'foo-bar-baz'));
  it('kebabCase from snake', () => assert.equal(kebabCase('foo_bar'), 'foo-bar'));
  it('snakeCase from camel', () => assert.equal(snakeCase('fooBar'), 'foo_bar'));
  it('snakeCase from spaces', () => assert.equal(snakeCase('a b c'), 'a_b_c'));
});
describe('capitalize', () => {
  it('upper-cases the first letter', () => assert.equal(capitalize('bond'), 'Bond'));
  it('keeps the rest', () => assert.equal(capitalize('bOND'), 'BOND'));
  it('empty string', () => assert.equal(capitalize(''), ''));
});
describe('truncate', () => {
  it('leaves short strings', () => assert.equal(truncate('abc', 5), 'abc'));
  it('cuts with an ellipsis', () => assert.equal(truncate('abcdef', 4), 'abc…'));
  it('custom tail', () => assert.equal(truncate('abcdef', 5, '..'), 'abc..'));
  it('exact length', () => assert.equal(truncate('abcd', 4), 'abcd'));
  it('tiny limit', () => assert.equal(truncate('abcdef', 1, '...'), '.'));
});
describe('padStart', () => {
  it('pads with spaces', () => assert.equal(padStart('7', 3), '  7'));
  it('pads with zeros', () => assert.equal(padStart(42, 5, '0'), '00042'));
  it('never cuts', () => assert.equal(padStart('abcdef', 3), 'abcdef'));
});
describe('reverse and palindromes', () => {
  it('reverses', () => assert.equal(reverse('abc'), 'cba'));
  it('reverses unicode by code point', () => assert.equal(reverse('a😀b'), 'b😀a'));
  it('palindrome with punctuation', () => assert.ok(isPalindrome('A man, a plan, a canal: Panama')));
  it('not a palindrome', () => assert.ok(!isPalindrome('bond')));
});
describe('countOccurrences and template', () => {
  it('counts non-overlapping', () => assert.equal(countOccurrences('aaaa', 'aa'), 2));
  it('counts none', () => assert.equal(countOccurrences('abc', 'x'), 0));
  it('empty needle', () => assert.equal(countOccurrences('abc', ''), 0));
  it('fills placeholders', () => assert.equal(template('hi {name}, {n}!', { name: 'ann', n: 3 }), 'hi ann, 3!'));
  it('keeps unknown placeholders', () => assert.equal(template('{a}{b}', { a: 1 }), '1{b}'));
});
