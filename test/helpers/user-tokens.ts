/**
 * Access tokens of users, got as a person's app gets them: the Authorization Code flow with PKCE over the real
 * HTTPS server (the sign-in page, the form posted back, the code exchanged at the token endpoint).
 */
import { randomBytes } from 'node:crypto';
import { s256Challenge } from '../../server/api/auth/pkce.js';
import type { TestApi } from './api-server.js';

export const REDIRECT_URI = 'https://show.example/callback';

/** Hidden fields of an HTML form, as a browser would send them back. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]] = match[2].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  return fields;
}

/** Signs the user in through `client` (a key with REDIRECT_URI registered); answers its access token. */
export async function userToken(
  api: TestApi,
  client: { clientId: string; clientSecret: string },
  email: string,
  password: string,
): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: s256Challenge(verifier),
    code_challenge_method: 'S256',
  });
  const page = await api.fetch(`/v3/oauth2/authorize?${query.toString()}`);
  if (page.status !== 200) throw new Error(`sign-in page: ${page.status}`);
  const signedIn = await api.fetch('/v3/oauth2/authorize', {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), email, password }),
  });
  const location = signedIn.headers.get('location');
  if (signedIn.status !== 302 || !location) throw new Error(`sign-in refused: ${signedIn.status}`);
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const token = await api.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const body = (await token.json()) as { access_token?: string };
  if (token.status !== 200 || !body.access_token) throw new Error(`token: ${token.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * A person of the organization made as its administrator makes one, through the API only: `POST /users/` (with the
 * token of `admin`, a full key or an administrator), the one-time link's page to set the password, then the
 * Authorization Code flow through `client`. Answers the user's id and its access token.
 */
export async function createPerson(
  api: TestApi,
  admin: { authorization: string },
  client: { clientId: string; clientSecret: string },
  person: { email: string; role: string; firstName?: string; lastName?: string; password: string },
): Promise<{ id: number; token: string }> {
  const { password, ...fields } = person;
  const created = await api.fetch('/users/', {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  const user = (await created.json()) as { id?: number; passwordLink?: { url: string } };
  if (created.status !== 201 || !user.id || !user.passwordLink)
    throw new Error(`user ${person.email}: ${created.status} ${JSON.stringify(user)}`);
  const link = new URL(user.passwordLink.url);
  const page = await api.fetch(`${link.pathname}${link.search}`);
  if (page.status !== 200) throw new Error(`password page: ${page.status}`);
  const set = await api.fetch(link.pathname, {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), password, confirmation: password }),
  });
  if (set.status !== 200) throw new Error(`password not set: ${set.status}`);
  return { id: user.id, token: await userToken(api, client, person.email, password) };
}
