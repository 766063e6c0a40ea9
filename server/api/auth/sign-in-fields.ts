/** Bounds of the sign-in form's own fields (RFC 5321 caps an address at 254 characters). */
export const MAX_EMAIL_LENGTH = 254;
/** scrypt reads the whole password: a bound keeps one sign-in from costing more than any real password does. */
export const MAX_PASSWORD_LENGTH = 1024;

/** What is wrong with the typed email or password before any lookup, or undefined. */
export function signInFieldProblem(email: string, password: string): string | undefined {
  // PostgreSQL text cannot hold NUL; no address holds control characters.
  if (email.length > MAX_EMAIL_LENGTH || /[\x00-\x1f\x7f]/.test(email)) return 'Enter a valid email address.';
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password may be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (password.includes('\0')) return 'The password cannot contain a NUL character.';
  return undefined;
}
