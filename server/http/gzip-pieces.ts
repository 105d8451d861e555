import zlib from 'node:zlib';

/**
 * A gzip answer put together from pieces (RFC 1951, 1952), so the parts many answers share are
 * compressed once and only what differs costs anything per answer.
 *
 * Each piece is raw deflate that starts from nothing (its own deflater, no dictionary) and ends in a
 * sync flush, so it refers to no byte before it and ends on a byte boundary: pieces laid end to end
 * are one valid deflate stream. A value of one answer goes in stored blocks (its bytes as they are,
 * five bytes of header a block), which cost no CPU. The gzip trailer's CRC-32 and length are taken
 * over every piece's bytes for each answer.
 */
export interface DeflatedPiece {
  /** The bytes the piece stands for. */
  bytes: Buffer;
  /** The same as raw deflate ending in a sync flush, from no earlier state. */
  deflated: Buffer;
}

/** Compressed: for bytes that go into many answers (level 9) or into a few (a lower level). */
export function deflatedPiece(bytes: Buffer, level = 9): DeflatedPiece {
  return { bytes, deflated: zlib.deflateRawSync(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

/** The largest stored block's content. */
const STORED_MAX = 0xffff;

/** Not compressed: stored blocks (BFINAL 0, BTYPE 00; byte-aligned, as every piece ends so). */
export function storedPiece(bytes: Buffer): DeflatedPiece {
  const blocks = Math.max(1, Math.ceil(bytes.length / STORED_MAX));
  const deflated = Buffer.allocUnsafe(bytes.length + blocks * 5);
  let at = 0;
  for (let start = 0, i = 0; i < blocks; i++, start += STORED_MAX) {
    const length = Math.min(STORED_MAX, bytes.length - start);
    deflated[at] = 0;
    deflated.writeUInt16LE(length, at + 1);
    deflated.writeUInt16LE(~length & 0xffff, at + 3);
    bytes.copy(deflated, at + 5, start, start + length);
    at += 5 + length;
  }
  return { bytes, deflated };
}

/** Member header: deflate, no flags, no time, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty block with fixed codes: BFINAL 1, BTYPE 01, end of block. */
const LAST_BLOCK = Buffer.from([3, 0]);

/** One gzip member of the pieces in order. */
export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    // Node 20's crc32 of an empty buffer that zlib has compressed answers 0, not the CRC so far.
    if (piece.bytes.length > 0) crc = zlib.crc32(piece.bytes, crc);
    length += piece.bytes.length;
    chunks.push(piece.deflated);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}
