import { createHash } from 'node:crypto';
import type { AuthorizationRequest } from './authorization-request.js';

/** The "find my group" page (request-access.ts), linked from the sign-in form. */
export const REQUEST_ACCESS_PATH = '/v3/users/request-access';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21;line-height:1.5}
main{max-width:24rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.25rem}
input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.6rem;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.25rem;cursor:pointer}
a{color:#1d4ed8;font-weight:600}
nav ul{list-style:none;padding:0;margin:1.5rem 0 0}
nav li{margin-top:.5rem}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fca5a5;padding:.5rem .75rem;border-radius:.25rem}
select,textarea{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.25rem;background:inherit;color:inherit}
select:focus,textarea:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
fieldset{margin:1rem 0 0;padding:.5rem .75rem;border:1px solid #6b7280;border-radius:.25rem}
legend{font-weight:600}
.choice{font-weight:400;margin-top:.5rem}
.choice input{width:auto;margin-right:.5rem}
a{color:#1d4ed8}
.aside{margin-top:1.5rem;font-size:.95rem}
@media (prefers-color-scheme:dark){body{background:#111318;color:#e7e9ee}main{background:#1c1f26;box-shadow:none}input{background:#111318;color:inherit}a{color:#93b4ff}.error{color:#fecaca;background:#3b1212;border-color:#b91c1c}}
`;
// The page's only style is this block, allowed by its hash: no inline scripts, no external assets.
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SignInPage {
  request: AuthorizationRequest;
  applicationName: string;
  organizationName: string;
  email?: string;
  error?: string;
}

/** The sign-in form; hidden fields carry the authorization request to the POST, which checks it again. */
export function signInHtml(page: SignInPage): string {
  const { request } = page;
  const hidden: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  const hiddenFields = Object.entries(hidden)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
    .join('\n');
  const describedBy = page.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  return layout(
    `Sign in – ${page.organizationName}`,
    `<h1>Sign in</h1>
<p>${escapeHtml(page.applicationName)} asks to use the competition data of ${escapeHtml(page.organizationName)} on your behalf.</p>
${page.error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="/v3/oauth2/authorize">
${hiddenFields}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(page.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
<button type="submit">Sign in</button>
</form>
<p class="aside">A group's director or staff without an account? <a href="${REQUEST_ACCESS_PATH}?client_id=${encodeURIComponent(request.clientId)}">Find my group</a> and ask the circuit for one.</p>`,
  );
}

/** What the user sees when the request cannot be sent back to the application (unknown client, bad redirect URI). */
export function authorizationErrorHtml(message: string): string {
  return layout(
    'Sign-in request not valid',
    `<h1>This sign-in request is not valid</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p>Go back to the application you came from and try again. If this keeps happening, tell its developers.</p>`,
  );
}

/**
 * Headers of every authorize page. The form may post to ourselves only; `formActionOrigin` adds the client's
 * redirect origin because browsers apply form-action to the redirect that answers the POST.
 */
export function htmlHeaders(formActionOrigin?: string): Record<string, string> {
  const formAction = formActionOrigin ? `'self' ${formActionOrigin}` : `'none'`;
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}
