/**
 * A Server-Sent Events reader for tests and benches, as EventSource reads one: fetch with the cookie (and a
 * Last-Event-ID), then each event's name, id and data as it arrives. A refusal (not 200) is read as its problem.
 */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface ChangeStream {
  status: number;
  headers: Headers;
  /** the problem document of a refusal */
  problem: { code?: string; detail?: string } | undefined;
  /** the next event, or a rejection after `timeoutMs` */
  next(timeoutMs: number): Promise<StreamEvent>;
  close(): void;
}

export async function openChangeStream(url: string, cookie: string, lastEventId?: string): Promise<ChangeStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      problem: text ? (JSON.parse(text) as { code?: string; detail?: string }) : undefined,
      next: () => Promise.reject(new Error(`no stream: ${response.status}`)),
      close: () => controller.abort(),
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: StreamEvent[] = [];
  let waiting: (() => void) | undefined;
  let buffer = '';
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { event: 'message', id: undefined, data: '' };
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') event.data += value;
          }
          if (!isComment) events.push(event);
          waiting?.();
        }
      }
    } catch {
      // closed by the test
    } finally {
      ended = true;
      waiting?.();
    }
  })();
  return {
    status: 200,
    headers: response.headers,
    problem: undefined,
    async next(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiting = undefined;
      }
      return events.shift()!;
    },
    close: () => controller.abort(),
  };
}
