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

export interface AppEnv {
  Variables: {
    auth: AuthContext;
    requestId: string;
  };
}

export type ApiRouter = OpenAPIHono<AppEnv>;
