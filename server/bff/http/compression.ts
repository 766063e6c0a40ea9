/**
 * The BFF's one way to code and validate an answer: br or gzip chosen from the request's Accept-Encoding, and an
 * ETag per coding of a body, any of which a conditional request may hold (decisions 020 and 047). Used by the read
 * proxy for its saved reads (each coded body made once and kept with the entry) and by representation.ts for
 * everything else (the built files, kept; pages and views, coded per answer). Hono's `compress` and `etag`
 * middleware are not used: no br, every answer compressed again, and one tag for all codings.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

export type Encoding = 'br' | 'gzip';

/** Below this a coded body saves a few hundred bytes at most, less than the work and the header cost. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** Text of MIN_COMPRESSIBLE_BYTES or more, by Hono's list of compressible types. */
export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

/**
 * The coding to answer with: the one of br and gzip with the higher q-value (br on a tie), or undefined for the
 * body as it is. A coding with q=0 is refused, and "*" stands for any coding not named (RFC 9110 12.5.3).
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map(
    parseAccept(acceptEncoding).map(({ type, q }) => [
      type.toLowerCase() === 'x-gzip' ? 'gzip' : type.toLowerCase(),
      q,
    ]),
  );
  const weight = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/** A weak validator naming this body's bytes (when the upstream or the file server gave none). */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The ETag of a coded representation: the identity's opaque tag with the coding appended, weakness kept. A strong
 * validator names one sequence of bytes, so the br and gzip bytes of a body need tags of their own (RFC 9110 8.8.3).
 */
export function encodedEtag(etag: string, encoding: Encoding | undefined): string {
  return encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;
}

/** Every ETag a client may hold for this body, in whichever coding it was sent. */
export function representationEtags(etag: string): string[] {
  return [etag, encodedEtag(etag, 'br'), encodedEtag(etag, 'gzip')];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses off the main thread (zlib's thread pool). `effort` "max" is for bodies compressed once and kept for
 * long (built assets); "fast" for API answers that change every few seconds during a show.
 */
export function compress(body: Uint8Array, encoding: Encoding, effort: 'fast' | 'max' = 'fast'): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: effort === 'max' ? constants.Z_BEST_COMPRESSION : 6 });
}

/**
 * The br and gzip bodies of one identity body, each made on first use and kept; concurrent first uses share one
 * compression. `precompressed` may supply a coding made earlier (a build's `.br` file) before compressing here.
 */
export class EncodedBodies {
  readonly #made = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly identity: Buffer,
    readonly options: {
      effort?: 'fast' | 'max';
      precompressed?: (encoding: Encoding) => Promise<Buffer | undefined>;
    } = {},
  ) {}

  get(encoding: Encoding): Promise<Buffer> {
    let made = this.#made.get(encoding);
    if (!made) {
      const { effort = 'fast', precompressed } = this.options;
      made = (async () => (await precompressed?.(encoding)) ?? compress(this.identity, encoding, effort))();
      // A failure is not remembered: the next reader tries again.
      made.catch(() => this.#made.delete(encoding));
      this.#made.set(encoding, made);
    }
    return made;
  }
}
