/**
 * The BFF's own answers (the build's files, the pages and the views) as representations: every 200 answer gets an
 * ETag, goes out as br or gzip by Accept-Encoding when it is text, and a conditional request holding the tag of any
 * coding of the same body gets a 304, all by compression.ts, the read proxy's way for its saved reads. A built file's
 * bodies are kept; a page or a view is made per request and coded per request.
 */
import type { MiddlewareHandler } from 'hono';
import {
  EncodedBodies,
  encodedEtag,
  etagOf,
  isCompressible,
  negotiateEncoding,
  representationEtags,
  type Encoding,
} from './compression.js';
import { ifNoneMatchHolds } from '../../http-shared/if-none-match.js';
import { LruCache } from '../upstream/response-cache.js';

/** A build holds a few dozen files; the bound only matters for a directory that is not a build. */
const MAX_KEPT_FILES = 200;

interface Kept {
  body: Buffer;
  etag: string;
  encoded?: EncodedBodies;
}

interface RepresentationOptions {
  /**
   * The file a 200 answer was read from (static-files.ts), if it was: its body and coded bodies are kept, keyed by
   * its size and date, and compressed at maximum effort. A page or a view is made per request, and coded per
   * request too. Without it (the views), no answer is a file.
   */
  fileOf?: (c: Parameters<MiddlewareHandler>[0]) => string | undefined;
  /** a coded body made ahead for a file (the build's `<file>.br`), when there is a current one */
  precompressed?: (file: string, encoding: Encoding) => Promise<Buffer | undefined>;
}

export function representations(options: RepresentationOptions = {}): MiddlewareHandler {
  const files = new LruCache<Kept>(MAX_KEPT_FILES);

  async function keptOf(response: Response, file: string | undefined): Promise<Kept> {
    const key = file && `${file}:${response.headers.get('content-length')}:${response.headers.get('last-modified')}`;
    const kept = key ? files.get(key) : undefined;
    if (kept) {
      await response.body?.cancel();
      return kept;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const compressible = isCompressible(response.headers.get('content-type') ?? '', body.length);
    const made: Kept = {
      body,
      etag: response.headers.get('etag') ?? etagOf(body),
      encoded: !compressible
        ? undefined
        : file
          ? new EncodedBodies(body, {
              effort: 'max',
              precompressed: (encoding) => options.precompressed?.(file, encoding) ?? Promise.resolve(undefined),
            })
          : new EncodedBodies(body),
    };
    if (key) files.set(key, made);
    return made;
  }

  return async (c, next) => {
    await next();
    // HEAD answers have no body to name; a coded or partial answer is the file server's own (a range).
    if (c.req.method !== 'GET' || c.res.status !== 200 || c.res.headers.has('content-encoding')) return;
    const { body, etag, encoded } = await keptOf(c.res, options.fileOf?.(c));
    const encoding = encoded ? negotiateEncoding(c.req.header('accept-encoding')) : undefined;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    headers.set('etag', encodedEtag(etag, encoding));
    if (encoded) headers.set('vary', 'Accept-Encoding');
    // Hono merges the headers of the answer it replaces into the new one (the identity's Content-Length among them):
    // this answer has all it needs.
    c.res = undefined;
    if (ifNoneMatchHolds(c.req.header('if-none-match'), representationEtags(etag))) {
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    if (encoding) headers.set('content-encoding', encoding);
    const sent = encoding ? await encoded!.get(encoding) : body;
    // Node's Buffers are Uint8Arrays over an ArrayBuffer; their type allows a SharedArrayBuffer, which Response refuses.
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
