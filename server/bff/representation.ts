/**
 * How the BFF sends a body it holds (a built file, a page): its ETag answers If-None-Match with 304, and it goes
 * out as br or gzip by Accept-Encoding when it has coded forms.
 */
import { createHash } from 'node:crypto';
import { encodedEtag, negotiateEncoding, representationEtags, type EncodedBodies } from './compression.js';

export interface Representation {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** the identity's ETag; coded forms get encodedEtag() of it */
  etag: string;
  encoded?: EncodedBodies;
  /** a policy of its own: a page carrying its stylesheet inline allows that style by hash */
  contentSecurityPolicy?: string;
}

export const HTML_TYPE = 'text/html; charset=utf-8';

/** A weak validator naming this body's bytes. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export async function send(request: Request, representation: Representation): Promise<Response> {
  const { body, contentType, cacheControl, etag, encoded } = representation;
  const encoding = encoded ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined;
  const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': cacheControl, etag: encodedEtag(etag, encoding) };
  if (representation.contentSecurityPolicy) headers['content-security-policy'] = representation.contentSecurityPolicy;
  if (encoded) headers.vary = 'Accept-Encoding';
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) {
    const held = ifNoneMatch.split(',').map((tag) => tag.trim());
    if (held.includes('*') || representationEtags(etag).some((tag) => held.includes(tag))) return new Response(null, { status: 304, headers });
  }
  // Node's Buffers are Uint8Arrays over an ArrayBuffer; their type allows a SharedArrayBuffer, which Response refuses.
  if (!encoding || !encoded) return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  headers['content-encoding'] = encoding;
  return new Response((await encoded.get(encoding)) as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
