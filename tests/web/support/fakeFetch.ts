/** A `fetch` double answering with a status and a body, for the request layer under jsdom. */
export interface FakeAnswer {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Headers besides the JSON content type (lower-case names). */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeResponse({ status = 200, statusText = 'OK', body, headers = {} }: FakeAnswer) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const response = {
    status,
    statusText,
    ok: status >= 200 && status < 300,
    headers: {
      get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : (headers[name.toLowerCase()] ?? null)),
    },
    text: async () => text,
    json: async () => JSON.parse(text),
    clone: () => fakeResponse({ status, statusText, body, headers }),
  };
  return response;
}

/** Installs a fetch that answers each call with the next answer (the last one repeats). */
export function installFetch(...answers: FakeAnswer[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  let index = 0;
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: { headers?: Record<string, string>; body?: string }) => {
    calls.push({ url, headers: { ...(init?.headers ?? {}) }, body: init?.body ? JSON.parse(init.body) : undefined });
    const answer = answers[Math.min(index++, answers.length - 1)];
    return fakeResponse(answer);
  });
  return calls;
}

/** A fetch that fails like a dropped connection. */
export function installFailingFetch(): void {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
}

export const ok = <T>(content: T, msg = '成功') => ({ body: { isSuccess: true, code: '00000', msg, content } });
export const fail = (code: string, msg: string, content: unknown = null) => ({ body: { isSuccess: false, code, msg, content } });
