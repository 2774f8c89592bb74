/**
 * The real type of an uploaded file, read from its first bytes (magic numbers), never from its
 * name or the client's declared type. Only the image and video formats the console accepts are
 * recognised; everything else (SVG, HTML, scripts, AVIF/HEIC, audio…) is refused.
 *
 * Why not the `file-type` package: it is ESM-only, which jest's CommonJS runtime here cannot load
 * without changing the shared jest configuration; these few signatures are all we accept anyway.
 */
import type { MediaKind } from '#contract/content';

export interface DetectedType {
  contentType: string;
  kind: Exclude<MediaKind, 'other'>;
  extension: string;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * The ISO-BMFF major brands of MP4 video (ISO 14496-12/14 and the common encoders' own). Any
 * other brand is refused: the same container also carries images (AVIF, HEIC), audio (M4A),
 * camera raw (CR3) and formats a browser does not play (3GP, Motion JPEG 2000).
 */
const MP4_VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'MSNV',
  'f4v ',
  'XAVC',
]);

export function detectMediaType(bytes: Buffer): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', kind: 'image', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { contentType: 'image/gif', kind: 'image', extension: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { contentType: 'image/webp', kind: 'image', extension: 'webp' };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { contentType: 'video/quicktime', kind: 'video', extension: 'mov' };
    return MP4_VIDEO_BRANDS.has(brand) ? { contentType: 'video/mp4', kind: 'video', extension: 'mp4' } : null;
  }
  // EBML header; Matroska files that are not WebM are refused.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, 64).includes('webm')) {
    return { contentType: 'video/webm', kind: 'video', extension: 'webm' };
  }
  return null;
}
