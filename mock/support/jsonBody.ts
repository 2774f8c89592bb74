/**
 * umi's mock middleware runs body-parser on every non-GET request before the mock's handler and
 * drops its error: a body that is not valid JSON, or one over body-parser's 5 MB, reached the
 * handler as `{}` and the server answered as if nothing had been sent. This middleware, put in front
 * of umi's (config/mockJsonBody.ts under `max dev`, tests/contract/targets.ts in the contract suite),
 * keeps a JSON body's bytes instead and marks the request as read (`_body`, body-parser's own flag,
 * so body-parser leaves it alone). The mock hands those bytes to the server, whose parser answers,
 * refusals included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMIT_BYTES } from '../../server/http/bodyLimit';

export type RawBodyRequest = IncomingMessage & { _body?: boolean; rawBody?: Buffer };

/** The type body-parser's JSON parser takes (and the only one the server parses as JSON). */
export const isJsonType = (contentType: string | undefined) => /^\s*application\/json\s*(;|$)/i.test(contentType ?? '');

/**
 * The body of a JSON call to /api, as bytes in `rawBody`: at most the server's limit plus one
 * byte (enough for the server to refuse it as too large; the rest is read and dropped).
 */
export function keepJsonBody(req: RawBodyRequest, _res: ServerResponse, next: (error?: unknown) => void) {
  const bodiless = req.method === 'GET' || req.method === 'HEAD';
  if (req._body || bodiless || !(req.url ?? '').startsWith('/api/') || !isJsonType(req.headers['content-type'])) return next();
  req._body = true;
  const chunks: Buffer[] = [];
  let kept = 0;
  req.on('data', (chunk: Buffer) => {
    if (kept > BODY_LIMIT_BYTES) return;
    chunks.push(chunk);
    kept += chunk.length;
  });
  req.once('end', () => {
    req.rawBody = Buffer.concat(chunks).subarray(0, BODY_LIMIT_BYTES + 1);
    next();
  });
  req.once('error', next);
}
