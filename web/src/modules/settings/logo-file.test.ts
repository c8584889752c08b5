import { describe, expect, test } from 'bun:test';
import { LOGO_MAX_BYTES, LOGO_TEXT } from '@zapdesk/core';
import { logoProblem } from './logo-file';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);

describe('logoProblem', () => {
  test('png and jpg up to 2 MB pass', () => {
    expect(logoProblem(PNG, 1000)).toBeNull();
    expect(logoProblem(JPG, LOGO_MAX_BYTES)).toBeNull();
  });
  test('other formats (whatever the name says) are refused with the spec text', () => {
    expect(logoProblem(GIF, 1000)).toBe(LOGO_TEXT.type);
    expect(logoProblem(new Uint8Array(), 0)).toBe(LOGO_TEXT.type);
  });
  test('a logo over 2 MB is refused', () => {
    expect(logoProblem(PNG, LOGO_MAX_BYTES + 1)).toBe(LOGO_TEXT.tooLarge);
  });
});
