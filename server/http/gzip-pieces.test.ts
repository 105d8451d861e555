import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedPiece, gzipOfPieces, storedPiece } from './gzip-pieces.ts';

describe('gzip from pieces', () => {
  it('is one gzip member of the pieces in order, whatever mix of compressed and stored', () => {
    const shared = Buffer.from('<div class="er">'.repeat(400) + '金砂 — 前端'.repeat(50));
    const pieces = [
      deflatedPiece(shared),
      storedPiece(Buffer.from('张三 <b>&</b>')),
      deflatedPiece(Buffer.from('</div>'.repeat(300)), 1),
      storedPiece(Buffer.alloc(0)),
      deflatedPiece(Buffer.alloc(0)),
      storedPiece(randomBytes(200_000)), // more than one stored block
      deflatedPiece(shared),
    ];
    const whole = Buffer.concat(pieces.map((piece) => piece.bytes));
    const answer = gzipOfPieces(pieces);
    // gunzip checks the trailer's CRC-32 and length too.
    expect(zlib.gunzipSync(answer).equals(whole)).toBe(true);
    // The shared parts are sent compressed.
    expect(answer.length).toBeLessThan(whole.length - shared.length);
  });

  it('makes an empty answer of no pieces', () => {
    expect(zlib.gunzipSync(gzipOfPieces([])).length).toBe(0);
  });

  it('a piece refers to nothing before it, so the same bytes serve after any other piece', () => {
    const part = deflatedPiece(Buffer.from('abcabcabc'.repeat(100)));
    for (const before of [storedPiece(Buffer.from('abc')), deflatedPiece(Buffer.from('xyz'.repeat(50)))]) {
      const answer = gzipOfPieces([before, part, before]);
      expect(zlib.gunzipSync(answer).toString()).toBe(
        before.bytes.toString() + part.bytes.toString() + before.bytes.toString(),
      );
    }
  });
});
