/**
 * Media in one bucket of an S3-compatible server (`MEDIA_S3_*`), behind the `MediaStorage` interface
 * of ./storage, which loads this module only when a bucket is configured.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { ConfigError, type MediaS3Config } from '../config';
import { isStorageKey, type ByteRange, type MediaStorage, type StoredFile } from './storage';

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

const isMissing = (error: unknown) => {
  const name = (error as Error)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
};

/**
 * Objects named by their key (no folder) in one bucket of an S3-compatible server, addressed
 * path-style (`<endpoint>/<bucket>/<key>`), with the AWS SDK's default credentials
 * (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, a profile, a container or instance role). The
 * bucket is never created: `checkBucket` refuses a start without it. It needs no public access:
 * the server reads the objects and serves them itself.
 */
export class S3Storage implements MediaStorage {
  readonly client: S3Client;

  /** `overrides` replace the client's settings (the tests give credentials). */
  constructor(
    readonly settings: MediaS3Config,
    overrides: Partial<S3ClientConfig> = {},
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      // Checksums only where S3 demands them: several S3-compatible servers refuse or lack the
      // newer flexible-checksum headers the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...overrides,
    });
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  /** The size from a HeadObject; the bytes are only fetched when the answer's stream is read. */
  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, stream: (range) => this.read(key, range) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * A GetObject of the whole object or, for `range`, a ranged one (`Range: bytes=a-b`, only those
   * bytes travel), issued when the stream is first read and aborted when it is closed early.
   */
  private read(key: string, range?: ByteRange): Readable {
    const { client, settings } = this;
    const abort = new AbortController();
    async function* bytes() {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        { abortSignal: abort.signal },
      );
      // A server that ignored the range would answer the whole object: never send it as the part.
      if (range && !answer.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
        (answer.Body as Readable | undefined)?.destroy();
        throw new Error(
          `object storage answered ${JSON.stringify(answer.ContentRange ?? null)} for bytes ${range.start}-${range.end} of ${key}`,
        );
      }
      yield* answer.Body as Readable;
    }
    const stream = Readable.from(bytes(), { objectMode: false });
    stream.once('close', () => {
      if (!stream.readableEnded) abort.abort();
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * A HeadBucket: a missing bucket, or credentials it refuses, is a `ConfigError` (the server does
   * not start); an unreachable server is a plain error.
   */
  async checkBucket(): Promise<void> {
    const { bucket, endpoint } = this.settings;
    const where = `bucket "${bucket}" at ${endpoint}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) {
        throw new ConfigError(
          `MEDIA_S3_BUCKET: there is no ${where}. Create it first (the server does not create buckets), e.g.\n  aws --endpoint-url ${endpoint} s3 mb s3://${bucket}`,
        );
      }
      if (status === 401 || status === 403) {
        throw new ConfigError(
          `MEDIA_S3_BUCKET: the ${where} refuses these credentials (HTTP ${status}); check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the key's rights on the bucket (read, write, delete objects).`,
        );
      }
      if ((error as Error)?.name === 'CredentialsProviderError') {
        throw new ConfigError(
          `MEDIA_S3_BUCKET: no credentials for the ${where}; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another source of the AWS SDK's default chain).`,
        );
      }
      throw new Error(`media storage: can not reach the ${where}: ${(error as Error)?.message ?? error}`, { cause: error });
    }
  }
}
