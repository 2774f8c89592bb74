/**
 * Media files in an S3-compatible bucket (MEDIA_S3_*), against a real S3 server: s3rver (a
 * devDependency) listening on 127.0.0.1 for this file, its objects in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig, type MediaS3Config } from '../../server/config';
import { checkMediaStorage, mediaStorage } from '../../server/media/storage';
import { S3Storage } from '../../server/media/s3Storage';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { describeEachDatabase, injectCall } from './support/databases';

const BUCKET = 'console-media';
/** s3rver's only account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-'));
const objectsDir = path.join(folder, 's3rver');
/** The apps' MEDIA_DIR: S3 storage must leave it empty. */
const mediaDirs = [path.join(folder, 'disk-1'), path.join(folder, 'disk-2')];
/** Filled in once s3rver listens (the suites' apps are built after that). */
const mediaS3: MediaS3Config = { endpoint: '', bucket: BUCKET, region: 'us-east-1' };

let s3rver: S3rver;
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  fs.mkdirSync(objectsDir);
  for (const dir of mediaDirs) fs.mkdirSync(dir);
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: objectsDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  mediaS3.endpoint = `http://127.0.0.1:${port}`;
  // The apps' storage takes its credentials from the AWS SDK's default chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = CREDENTIALS.secretAccessKey;
});

afterAll(async () => {
  await s3rver?.close();
  fs.rmSync(folder, { recursive: true, force: true });
  for (const [name, value] of [
    ['AWS_ACCESS_KEY_ID', savedEnv.id],
    ['AWS_SECRET_ACCESS_KEY', savedEnv.secret],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

/** Counts the GetObject requests `storage` sends from now on (answers the count so far). */
function countGetObjects(storage: S3Storage): () => number {
  let count = 0;
  const name = `countGetObjects${Math.random()}`;
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'GetObjectCommand') count++;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => count;
}

const keyOf = (extension: string, digit: string) => `${digit.repeat(32)}.${extension}`;

describe('MEDIA_S3_* configuration', () => {
  const base = { MEDIA_S3_ENDPOINT: 'http://minio.internal:9000', MEDIA_S3_BUCKET: 'console-media' };

  it('keeps the local disk when MEDIA_S3_BUCKET is unset', () => {
    expect(loadConfig({}).mediaS3).toBeUndefined();
  });

  it('reads the endpoint, the bucket and the region (MEDIA_S3_REGION, else AWS_REGION, else us-east-1)', () => {
    expect(loadConfig(base).mediaS3).toEqual({ endpoint: 'http://minio.internal:9000', bucket: 'console-media', region: 'us-east-1' });
    expect(loadConfig({ ...base, AWS_REGION: 'eu-west-1' }).mediaS3?.region).toBe('eu-west-1');
    expect(loadConfig({ ...base, AWS_REGION: 'eu-west-1', MEDIA_S3_REGION: 'auto' }).mediaS3?.region).toBe('auto');
    expect(loadConfig({ ...base, MEDIA_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/' }).mediaS3?.endpoint).toBe(
      'https://s3.eu-west-1.amazonaws.com',
    );
    expect(loadConfig({ ...base, AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }).mediaS3).toBeDefined();
  });

  it('refuses a half-set or malformed MEDIA_S3_* with a message naming what is missing', () => {
    const refusals: [NodeJS.ProcessEnv, RegExp][] = [
      [{ MEDIA_S3_ENDPOINT: base.MEDIA_S3_ENDPOINT }, /^MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not/],
      [{ MEDIA_S3_REGION: 'eu-west-1' }, /^MEDIA_S3_REGION is set but MEDIA_S3_BUCKET is not/],
      [
        { MEDIA_S3_ENDPOINT: base.MEDIA_S3_ENDPOINT, MEDIA_S3_REGION: 'x' },
        /^MEDIA_S3_ENDPOINT and MEDIA_S3_REGION are set but MEDIA_S3_BUCKET is not/,
      ],
      [{ MEDIA_S3_BUCKET: 'console-media' }, /^MEDIA_S3_BUCKET is set but MEDIA_S3_ENDPOINT is not/],
      [{ ...base, MEDIA_S3_BUCKET: 'Console_Media' }, /^MEDIA_S3_BUCKET is not a bucket name/],
      [{ ...base, MEDIA_S3_BUCKET: 'a/b' }, /^MEDIA_S3_BUCKET is not a bucket name/],
      [{ ...base, MEDIA_S3_ENDPOINT: 'minio:9000' }, /^MEDIA_S3_ENDPOINT must start with https:\/\/ or http:\/\//],
      [{ ...base, MEDIA_S3_ENDPOINT: 'not a url' }, /^MEDIA_S3_ENDPOINT is not a URL/],
      [{ ...base, MEDIA_S3_ENDPOINT: 'http://minio:9000/console-media' }, /^MEDIA_S3_ENDPOINT is the server's address only/],
      [{ ...base, AWS_ACCESS_KEY_ID: 'id' }, /^AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY/],
      [{ ...base, AWS_SECRET_ACCESS_KEY: 'secret' }, /^AWS_SECRET_ACCESS_KEY is set without AWS_ACCESS_KEY_ID/],
    ];
    for (const [env, message] of refusals) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('S3Storage against s3rver', () => {
  let storage: S3Storage;
  /** The Range header of every GetObject sent, and the length of what came back. */
  const gets: { range: string | undefined; status: number; length: number }[] = [];

  beforeAll(() => {
    storage = new S3Storage(mediaS3, { credentials: CREDENTIALS });
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'GetObjectCommand') {
          const request = args.request as { headers: Record<string, string> };
          const response = result.response as { statusCode: number; headers: Record<string, string> };
          gets.push({ range: request.headers.range, status: response.statusCode, length: Number(response.headers['content-length']) });
        }
        return result;
      },
      { step: 'deserialize', name: 'recordGets' },
    );
  });
  afterAll(() => storage.client.destroy());

  it('puts, gets whole, gets a byte range with a ranged GetObject, and deletes', async () => {
    const key = keyOf('mp4', 'a');
    const bytes = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    await storage.put(key, bytes);

    const file = await storage.get(key);
    expect(file?.size).toBe(bytes.length);
    expect((await readAll(file!.stream())).equals(bytes)).toBe(true);
    expect(gets.pop()).toEqual({ range: undefined, status: 200, length: bytes.length });

    const part = await readAll(file!.stream({ start: 500_000, end: 500_009 }));
    expect(part.equals(bytes.subarray(500_000, 500_010))).toBe(true);
    // Only the ten bytes travelled.
    expect(gets.pop()).toEqual({ range: 'bytes=500000-500009', status: 206, length: 10 });
    const last = await readAll(file!.stream({ start: bytes.length - 1, end: bytes.length - 1 }));
    expect([...last]).toEqual([bytes[bytes.length - 1]]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // The object is gone from the server itself, not only from this client's view.
    expect(
      fs
        .readdirSync(objectsDir, { recursive: true })
        .map(String)
        .some((name) => name.includes(key)),
    ).toBe(false);
  });

  it('answers null for a missing key and deletes a missing one without an error', async () => {
    expect(await storage.get(keyOf('png', 'b'))).toBeNull();
    await expect(storage.delete(keyOf('png', 'b'))).resolves.toBeUndefined();
  });

  it('refuses keys it did not generate', async () => {
    for (const key of ['../x.png', 'a/b.png', `${'c'.repeat(32)}.png/..`, '', 'ABCDEF.png']) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('fails a read whose object vanished after the size was taken', async () => {
    const key = keyOf('png', 'd');
    await storage.put(key, Buffer.from('0123456789'));
    const file = await storage.get(key);
    await storage.delete(key);
    await expect(readAll(file!.stream({ start: 0, end: 3 }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('checks the bucket at start: a missing bucket or refused credentials stop it with a ConfigError', async () => {
    await expect(checkMediaStorage({ mediaDir: mediaDirs[0], mediaS3 })).resolves.toBeUndefined();
    // The local disk needs no check.
    await expect(checkMediaStorage({ mediaDir: mediaDirs[0], mediaS3: undefined })).resolves.toBeUndefined();

    const missing = checkMediaStorage({ mediaDir: mediaDirs[0], mediaS3: { ...mediaS3, bucket: 'no-such-bucket' } });
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(`MEDIA_S3_BUCKET: there is no bucket "no-such-bucket" at ${mediaS3.endpoint}. Create it first`);

    const stranger = new S3Storage(mediaS3, { credentials: { accessKeyId: 'someone', secretAccessKey: 'else' } });
    try {
      await expect(stranger.checkBucket()).rejects.toThrow(/refuses these credentials \(HTTP 403\)/);
    } finally {
      stranger.client.destroy();
    }
  });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from(Array.from({ length: 500 }, (_, i) => i % 256)),
]);

function multipart(fileName: string, bytes: Buffer, contentType: string) {
  const boundary = '----media-s3-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describeEachDatabase(
  'media on S3, two instances',
  (ctx) => {
    /** A second instance on the same database and bucket, with a MEDIA_DIR of its own. */
    let second: FastifyInstance;
    let token: string;

    beforeAll(async () => {
      // An in-memory PGlite can not be opened twice: there the second app shares the first one's handle.
      const db = ctx.kind === 'pglite' ? ctx.db : (await ctx.openSecond()).db;
      second = await buildApp({ db, config: { ...ctx.config, mediaDir: mediaDirs[1] } });
      token = await ctx.login(DEMO_ACCOUNTS.operator.username, DEMO_PASSWORD);
    });
    afterAll(() => second?.close());

    async function upload(app: FastifyInstance, fileName: string, bytes: Buffer, contentType: string) {
      const body = multipart(fileName, bytes, contentType);
      const response = await app.inject({
        method: 'POST',
        url: MEDIA_UPLOAD_URL,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
      return response.json();
    }

    it('serves a file uploaded through one instance from the other, whole, by range and revalidated, until deleted', async () => {
      const answer = await upload(ctx.app, 'clip.mp4', MP4, 'video/mp4');
      expect(answer).toMatchObject({ isSuccess: true, content: { kind: 'video', sizeBytes: MP4.length } });
      const { url, id } = answer.content;
      const get = (app: FastifyInstance, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

      const whole = await get(second);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(MP4)).toBe(true);
      expect(whole.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(MP4.length),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      const etag = whole.headers.etag as string;
      expect(etag).toBeTruthy();

      const part = await get(second, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers).toMatchObject({ 'content-range': `bytes 100-199/${MP4.length}`, 'content-length': '100' });
      expect(part.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);
      const tail = await get(second, { range: 'bytes=-7', 'if-range': etag });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 7))).toBe(true);
      expect((await get(second, { range: `bytes=${MP4.length}-` })).statusCode).toBe(416);

      // A HEAD answers the size without fetching the object.
      const getObjects = countGetObjects(mediaStorage(ctx.config) as S3Storage);
      const head = await second.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
      expect(head.statusCode).toBe(206);
      expect(head.headers).toMatchObject({ 'content-length': '10', 'content-range': `bytes 0-9/${MP4.length}` });
      expect(head.rawPayload.length).toBe(0);
      expect((await second.inject({ method: 'HEAD', url })).headers['content-length']).toBe(String(MP4.length));
      expect(getObjects()).toBe(0);
      expect((await get(second, { range: 'bytes=0-9' })).statusCode).toBe(206);
      expect(getObjects()).toBe(1);

      // Both instances give the same ETag, so a cached copy revalidates against either.
      expect((await get(ctx.app)).headers.etag).toBe(etag);
      const revalidated = await get(second, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);

      // Neither instance wrote to its MEDIA_DIR.
      for (const dir of mediaDirs) expect(fs.readdirSync(dir)).toEqual([]);

      const removed = await injectCall(second, 'media/delete', { id }, { token });
      expect(removed.isSuccess).toBe(true);
      expect((await get(ctx.app)).statusCode).toBe(404);
      expect((await get(second)).statusCode).toBe(404);
      const bucket = new S3Storage(mediaS3, { credentials: CREDENTIALS });
      expect(await bucket.get(url.split('/').pop())).toBeNull();
      bucket.client.destroy();
    });

    it('answers 404 on both instances for an unknown key', async () => {
      for (const app of [ctx.app, second]) {
        expect((await app.inject({ method: 'GET', url: `/api/media/${'e'.repeat(32)}.png` })).statusCode).toBe(404);
      }
    });

    it('serves an image uploaded through the second instance from the first', async () => {
      const answer = await upload(second, 'cover.png', PNG, 'image/png');
      expect(answer.isSuccess).toBe(true);
      const served = await ctx.app.inject({ method: 'GET', url: answer.content.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      for (const dir of mediaDirs) expect(fs.readdirSync(dir)).toEqual([]);
    });
  },
  { config: { mediaS3, mediaDir: mediaDirs[0] } },
);
