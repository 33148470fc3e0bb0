import { describe, expect, it } from 'vitest';
import { base64Pieces, fromBase64, toBase64 } from './pack-bytes';

describe('pack bytes', () => {
  it('round-trips every byte value through base64', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it('cuts a file into pieces under the limit that join back to the file', () => {
    const bytes = Uint8Array.from({ length: 10_001 }, (_, i) => i % 251);
    const pieces = base64Pieces(bytes, 1000);
    expect(pieces.length).toBe(Math.ceil(10_001 / 750));
    expect(pieces.every((p) => p.length <= 1000)).toBe(true);
    const joined = pieces.map(fromBase64);
    expect(Uint8Array.from(joined.flatMap((p) => [...p]))).toEqual(bytes);
    expect(base64Pieces(new Uint8Array(0), 1000)).toEqual(['']);
  });
});
