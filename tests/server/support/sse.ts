/** A Server-Sent Events client for the server tests: reads a stream over real HTTP and waits for its events. */
export interface SseEvent {
  event: string;
  data: any;
  id?: string;
}

export interface SseStream {
  status: number;
  contentType: string | null;
  headers: Headers;
  events: SseEvent[];
  /** The number of heartbeat comments received. */
  comments(): number;
  /** The first event (from `from` on) that `match` accepts; fails after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream; fails after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Parses one event block (`field: value` lines); a block of comments only answers null. */
export function parseEventBlock(block: string): SseEvent | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id') id = value;
  }
  if (fields === 0) return null;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { event, data: parsed, id };
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let comments = 0;
  let done = false;
  const wake = new Set<() => void>();
  const notify = () => {
    for (const resolve of [...wake]) resolve();
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseEventBlock(block);
          if (event) events.push(event);
          else comments += 1;
          notify();
        }
      }
    } catch {
      // aborted by close()
    }
    done = true;
    notify();
  })();

  const waitUntil = async (ready: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} did not come within ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const wakeUp = () => {
          clearTimeout(timer);
          wake.delete(wakeUp);
          resolve();
        };
        wake.add(wakeUp);
      });
    }
  };

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    events,
    comments: () => comments,
    async next(match, timeoutMs = 5_000, from = 0) {
      const found = () => events.slice(from).find(match);
      await waitUntil(() => found() !== undefined || done, timeoutMs, 'the event');
      const event = found();
      if (!event) throw new Error(`the stream ended without the event; events: ${JSON.stringify(events)}`);
      return event;
    },
    async ended(timeoutMs = 5_000) {
      await waitUntil(() => done, timeoutMs, 'the end of the stream');
    },
    close() {
      controller.abort();
    },
  };
}
