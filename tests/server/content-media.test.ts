import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { describeEachDatabase } from './support/databases';
import { one, sql } from './support/sql';

// The media folder inside a folder of its own: a file name that climbed out of it would land
// there, where no other test (each making its own temp folders beside) changes the count.
const mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'content-media-'));
const mediaDir = path.join(mediaRoot, 'media');
fs.mkdirSync(mediaDir);
afterAll(() => fs.rmSync(mediaRoot, { recursive: true, force: true }));

const IMAGE_LIMIT = 2048;
const VIDEO_LIMIT = 8192;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100, 2)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function multipart(fileName: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = '----content-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describeEachDatabase(
  'content: media',
  (ctx) => {
    let staff: string;
    beforeAll(async () => {
      staff = await ctx.login(DEMO_ACCOUNTS.operator.username);
    });

    async function upload(fileName: string, bytes: Buffer, token: string | null = staff, contentType?: string) {
      const body = multipart(fileName, bytes, contentType);
      const response = await ctx.app.inject({
        method: 'POST',
        url: MEDIA_UPLOAD_URL,
        headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body.payload,
      });
      return { status: response.statusCode, ...response.json() };
    }

    it('checks the token and the grant before reading the upload', async () => {
      expect((await upload('a.png', PNG, null)).code).toBe('A0230');
      const member = await ctx.login(DEMO_ACCOUNTS.member.username);
      expect((await upload('a.png', PNG, member)).code).toBe('A0301');
      expect((await ctx.call('media/list', {}, { token: member })).code).toBe('A0301');
    });

    it('stores an image under a random key and serves it with safe headers', async () => {
      const answer = await upload('封面.png', PNG);
      expect(answer).toMatchObject({ isSuccess: true, code: '00000' });
      expect(answer.content).toEqual({
        id: expect.any(Number),
        name: '封面.png',
        kind: 'image',
        contentType: 'image/png',
        sizeBytes: PNG.length,
        url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}\.png$/),
        uploader: DEMO_ACCOUNTS.operator.username,
        createdAt: expect.stringMatching(/Z$/),
      });
      const served = await ctx.app.inject({ method: 'GET', url: answer.content.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('封面.png')}`,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      const revalidated = await ctx.app.inject({
        method: 'GET',
        url: answer.content.url,
        headers: { 'if-none-match': served.headers.etag as string },
      });
      expect(revalidated.statusCode).toBe(304);
      // The console's own policy (server/http/securityHeaders.ts) never replaces the file's stricter one.
      expect(revalidated.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

      const video = await upload('clip.bin', MP4, staff, 'application/octet-stream');
      expect(video.content).toMatchObject({ kind: 'video', contentType: 'video/mp4', url: expect.stringMatching(/\.mp4$/) });
    });

    it('serves byte ranges so that a video can seek, and the whole file when the range can not be used', async () => {
      const { content: video } = await upload('seek.mp4', MP4, staff, 'video/mp4');
      const get = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: video.url, headers });
      const size = MP4.length;

      const whole = await get({});
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(MP4)).toBe(true);

      const head = await get({ range: 'bytes=0-11' });
      expect(head.statusCode).toBe(206);
      expect(head.headers).toMatchObject({ 'content-range': `bytes 0-11/${size}`, 'content-length': '12', 'content-type': 'video/mp4' });
      expect(head.rawPayload.equals(MP4.subarray(0, 12))).toBe(true);

      const tail = await get({ range: 'bytes=-10' });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(tail.rawPayload.equals(MP4.subarray(size - 10))).toBe(true);

      const open = await get({ range: `bytes=${size - 4}-` });
      expect(open.rawPayload.equals(MP4.subarray(size - 4))).toBe(true);

      const pastEnd = await get({ range: `bytes=${size}-` });
      expect(pastEnd.statusCode).toBe(416);
      expect(pastEnd.headers['content-range']).toBe(`bytes */${size}`);

      // Unusable ranges get the whole file: malformed, several at once, or for another version.
      const unusable: Record<string, string>[] = [
        { range: 'bytes=abc' },
        { range: 'bytes=0-1,5-6' },
        { range: 'bytes=0-1', 'if-range': '"other"' },
      ];
      for (const headers of unusable) {
        const answer = await get(headers);
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(MP4)).toBe(true);
      }
      const sameVersion = await get({ range: 'bytes=0-1', 'if-range': whole.headers.etag as string });
      expect(sameVersion.statusCode).toBe(206);
    });

    it('judges the type from the bytes, not the name, and refuses SVG', async () => {
      const fake = await upload('photo.png', Buffer.from('just some text, not an image at all'));
      expect(fake).toMatchObject({ isSuccess: false, code: 'A0400' });
      expect(fake.msg).toBe('参数错误：文件类型不支持，只能上传 PNG、JPEG、GIF、WebP 图片或 MP4、WebM、MOV 视频');
      const svg = await upload('logo.svg', SVG, staff, 'image/svg+xml');
      expect(svg.code).toBe('A0400');
      const empty = await upload('empty.png', Buffer.alloc(0));
      expect(empty.msg).toBe('参数错误：上传的文件是空文件');
      const count = await one(ctx.db, sql`select count(*)::int as n from media where name in ('photo.png', 'logo.svg', 'empty.png')`);
      expect(count.n).toBe(0);
    });

    it('enforces the size limits with a clear message', async () => {
      const bigImage = Buffer.concat([PNG, Buffer.alloc(IMAGE_LIMIT)]);
      expect((await upload('big.png', bigImage)).msg).toBe('参数错误：图片不能超过 2 KB');
      const bigVideo = Buffer.concat([MP4, Buffer.alloc(VIDEO_LIMIT)]);
      expect((await upload('big.mp4', bigVideo)).msg).toBe('参数错误：文件超过大小上限（图片不超过 2 KB，视频不超过 8 KB）');
      // A video under its own limit may be larger than the image limit.
      const video = await upload('ok.mp4', Buffer.concat([MP4, Buffer.alloc(IMAGE_LIMIT * 2)]));
      expect(video.isSuccess).toBe(true);
    });

    it('keeps a path-traversal file name only as a harmless display name', async () => {
      const before = fs.readdirSync(path.dirname(mediaDir)).length;
      const answer = await upload('../../../etc/evil.png', PNG);
      expect(answer.content.name).toBe('evil.png');
      const windows = await upload('..\\..\\x.png', PNG);
      expect(windows.content.name).toBe('x.png');
      const dots = await upload('..', PNG);
      expect(dots.content.name).toBe('未命名');
      // Nothing was written outside the media folder, and every file inside it has a random key.
      expect(fs.readdirSync(path.dirname(mediaDir)).length).toBe(before);
      const stored = fs
        .readdirSync(mediaDir, { recursive: true })
        .map(String)
        .filter((file) => /\.\w+$/.test(file));
      for (const file of stored) expect(path.basename(file)).toMatch(/^[0-9a-f]{32}\.(png|mp4)$/);
      // A served key can not climb out either.
      const climb = await ctx.app.inject({ method: 'GET', url: '/api/media/..%2F..%2Fpackage.json' });
      expect(climb.statusCode).toBe(404);
    });

    it('lists with filters and paging, renames, and deletes the row and the file', async () => {
      const list = await ctx.call('media/list', { kind: 'image', pageSize: 2 }, { token: staff });
      expect(list.content).toMatchObject({ current: 1, pageSize: 2 });
      expect(list.content.total).toBeGreaterThanOrEqual(4);
      expect(list.content.list.every((item: any) => item.kind === 'image')).toBe(true);
      const byName = await ctx.call('media/list', { name: '封面' }, { token: staff });
      expect(byName.content.list.map((item: any) => item.name)).toEqual(['封面.png']);
      const item = byName.content.list[0];

      const renamed = await ctx.call('media/rename', { id: item.id, name: '首页封面' }, { token: staff });
      expect(renamed.content).toMatchObject({ name: '首页封面', url: item.url });
      const blank = await ctx.call('media/rename', { id: item.id, name: '   ' }, { token: staff });
      expect(blank.msg).toBe('参数错误：名称不能为空');

      const key = item.url.split('/').pop();
      const file = path.join(mediaDir, key.slice(0, 2), key);
      expect(fs.existsSync(file)).toBe(true);
      const removed = await ctx.call('media/delete', { id: item.id }, { token: staff });
      expect(removed.isSuccess).toBe(true);
      expect(fs.existsSync(file)).toBe(false);
      expect((await ctx.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
      expect((await ctx.call('media/delete', { id: item.id }, { token: staff })).msg).toBe('参数错误：该素材不存在');
    });
  },
  { config: { mediaDir, mediaImageMaxBytes: IMAGE_LIMIT, mediaVideoMaxBytes: VIDEO_LIMIT } },
);
