/**
 * A stored file answered as a media element needs it (RFC 9110): `Accept-Ranges`, an `ETag` (its SHA-256), a
 * single `Range` answered 206 with `Content-Range`, a range past the end 416, `If-Range` and `If-None-Match`
 * honoured. The bytes stream from storage as the client reads them.
 */
import type { Context } from 'hono';

export interface StoredFile {
  size: number;
  sha256: string;
  contentType: string;
  /** the file's name for a download, without its extension */
  name: string;
  read(range: { start: number; end: number }): AsyncIterable<Uint8Array>;
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a' };

type ByteRange = { start: number; end: number };

/** A `Range: bytes=…` header's one range within `size` bytes (end exclusive); undefined: serve the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  // none, several ranges, or another unit: the whole file, as a server may answer any of them
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const last = match[2] === '' ? size - 1 : Number(match[2]);
  if (last < start) return undefined;
  return { start, end: Math.min(last, size - 1) + 1 };
}

export function fileResponse(c: Context, file: StoredFile, options: { download: boolean }): Response {
  const etag = `"${file.sha256}"`;
  const extension = EXTENSIONS[file.contentType] ?? 'bin';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    etag,
    'content-type': file.contentType,
    // the caller's own: never kept by a shared cache, revalidated by the browser's (the ETag answers 304)
    'cache-control': 'private, no-cache',
    vary: 'authorization',
    'content-disposition': `${options.download ? 'attachment' : 'inline'}; filename="${asciiName(file.name)}.${extension}"; filename*=UTF-8''${encodeURIComponent(file.name)}.${extension}`,
  };
  if (matchesAny(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === etag ? parseRange(c.req.header('range'), file.size) : undefined;
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } });
  const { start, end } = range ?? { start: 0, end: file.size };
  if (range) headers['content-range'] = `bytes ${start}-${end - 1}/${file.size}`;
  headers['content-length'] = String(end - start);
  return new Response(c.req.method === 'HEAD' || end === start ? null : streamOf(file.read({ start, end })), {
    status: range ? 206 : 200,
    headers,
  });
}

function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** The parts as a stream that reads the next one only when the client has taken the last. */
function streamOf(parts: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = parts[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
