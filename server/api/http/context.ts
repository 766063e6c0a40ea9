import type { OpenAPIHono } from '@hono/zod-openapi';

/** Who is calling: set by the bearer middleware from a verified access token. */
export interface AuthContext {
  orgId: number;
  orgGuid: string;
  applicationId: number;
  clientId: string;
  /** present for tokens from the Authorization Code flow */
  userId?: number;
}

/** A caller without a token, on the v2 reads open to anonymous callers (decision 026). */
export interface AnonymousCaller {
  /** the peer address, which the anonymous rate limit counts */
  address: string;
}

export interface AppEnv {
  Variables: {
    /** set on every route behind the bearer middleware, except for an anonymous caller of an open v2 read */
    auth: AuthContext;
    /** set instead of `auth` when an open v2 read is called without a token */
    anonymous?: AnonymousCaller;
    requestId: string;
  };
}

export type ApiRouter = OpenAPIHono<AppEnv>;
