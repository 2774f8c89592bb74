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

/** ISO-BMFF brands that are images or audio, not video. */
const NOT_VIDEO_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'M4A ', 'M4B ', 'crx ']);

export function detectMediaType(bytes: Buffer): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', kind: 'image', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { contentType: 'image/gif', kind: 'image', extension: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { contentType: 'image/webp', kind: 'image', extension: 'webp' };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { contentType: 'video/quicktime', kind: 'video', extension: 'mov' };
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    return { contentType: 'video/mp4', kind: 'video', extension: 'mp4' };
  }
  // EBML header; Matroska files that are not WebM are refused.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, 64).includes('webm')) {
    return { contentType: 'video/webm', kind: 'video', extension: 'webm' };
  }
  return null;
}

export const ACCEPTED_FORMATS_TEXT = 'PNG、JPEG、GIF、WebP 图片或 MP4、WebM、MOV 视频';
