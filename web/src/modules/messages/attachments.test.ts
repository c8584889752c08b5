import { describe, expect, test } from 'bun:test';
import { attachmentAllowed, previewKind } from './attachments';

describe('attachments', () => {
  test('only png, jpg, pdf, mp4, mp3, ogg', () => {
    for (const n of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf', 'e.mp4', 'f.mp3', 'g.ogg'])
      expect(attachmentAllowed({ name: n, type: '' })).toBe(true);
    for (const n of ['a.exe', 'b.gif', 'c.docx', 'd.webm'])
      expect(attachmentAllowed({ name: n, type: '' })).toBe(false);
    expect(attachmentAllowed({ name: 'voice', type: 'audio/ogg; codecs=opus' })).toBe(true);
  });
  test('preview kinds', () => {
    expect(previewKind({ name: 'a.png', type: 'image/png' })).toBe('image');
    expect(previewKind({ name: 'a.mp4', type: '' })).toBe('video');
    expect(previewKind({ name: 'a.ogg', type: '' })).toBe('audio');
    expect(previewKind({ name: 'a.pdf', type: '' })).toBe('pdf');
    expect(previewKind({ name: 'a.bin', type: 'application/octet-stream' })).toBe('none');
  });
});
