import { describe, expect, test } from '@jest/globals';
import { instanceKind } from './init-command.js';

describe("init's instance line", () => {
  test('names the digest length of a hash instance', () => {
    expect(instanceKind({ category: 'hash', digestBits: 256 })).toBe('256 bits');
  });

  test('names the category of a public-key instance, whose header has no digest length (it printed "null bits")', () => {
    expect(instanceKind({ category: 'kem', digestBits: null })).toBe('kem');
  });
});
