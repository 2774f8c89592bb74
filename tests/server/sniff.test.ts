/** Upload sniffing: MP4 is an allow-list of video brands; the other ISO-BMFF brands are refused. */
import { detectMediaType } from '../../server/media/sniff';

const isoBmff = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(32)]);

describe('detectMediaType', () => {
  it.each(['isom', 'mp42', 'avc1', 'M4V ', 'dash'])('takes the MP4 video brand %j', (brand) => {
    expect(detectMediaType(isoBmff(brand))).toEqual({ contentType: 'video/mp4', kind: 'video', extension: 'mp4' });
  });

  it('takes QuickTime as MOV', () => {
    expect(detectMediaType(isoBmff('qt  '))).toEqual({ contentType: 'video/quicktime', kind: 'video', extension: 'mov' });
  });

  it.each(['avif', 'heic', 'M4A ', 'crx ', '3gp4', 'mjp2', 'zzzz'])('refuses the brand %j', (brand) => {
    expect(detectMediaType(isoBmff(brand))).toBeNull();
  });
});
