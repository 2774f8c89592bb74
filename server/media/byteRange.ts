/**
 * Which part of a served file a GET asks for (RFC 9110 §14): a video element seeks with
 * `Range: bytes=…`, and answers 206 with that part let it jump without downloading the file.
 */
import parseRange from 'range-parser';
import type { ByteRange } from './storage';

/** The whole file (no usable range), one byte range, or a range past the end (answer 416). */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/** `bytes=` and one or more `first-last`, `first-` or `-suffix` specs (range-parser reads a malformed one as unsatisfiable). */
const BYTE_RANGES_SYNTAX = /^bytes=\s*(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*\s*$/;

/**
 * Reads the `Range` and `If-Range` headers for a file of `size` bytes whose entity tag is `etag`.
 * A malformed header, several ranges, or an `If-Range` naming another
 * version all get the whole file, which the RFC allows; overlapping ranges are combined first.
 */
export function requestedRange(headers: { range?: string; 'if-range'?: string }, size: number, etag: string): RangeAnswer {
  const header = headers.range;
  if (!header) return WHOLE;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return WHOLE;
  if (!BYTE_RANGES_SYNTAX.test(header)) return WHOLE;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.length !== 1) return WHOLE;
  return { kind: 'part', range: { start: ranges[0].start, end: ranges[0].end } };
}
