/**
 * Sends a cached response body from the one buffer the cache holds, never a per-answer copy
 * (docs/decisions/010-bff-circuit-breaker.md, "Shared bodies"). A body up to one chunk is handed to the socket
 * whole. A larger one goes out as views of that buffer, one chunk at a time: @hono/node-server pipes a
 * ReadableStream and waits for the socket's 'drain' before reading the next chunk, so a connection whose client
 * reads slowly holds at most about one chunk of encrypted bytes instead of the whole body, and a thousand such
 * connections take turns on the event loop instead of each queueing its whole answer.
 */
export const CHUNK_BYTES = 64 * 1024;

export function sharedBody(
  body: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>> {
  if (body.length <= CHUNK_BYTES) return body;
  let offset = 0;
  return new ReadableStream(
    {
      pull(controller) {
        controller.enqueue(body.subarray(offset, offset + CHUNK_BYTES));
        offset += CHUNK_BYTES;
        if (offset >= body.length) controller.close();
      },
    },
    // nothing is read ahead: the next chunk is made only when the writer asks for it
    { highWaterMark: 0 },
  );
}
