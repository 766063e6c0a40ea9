import { expect, type Page } from '@playwright/test';
import type { ScoreEntryClient } from './score-entry';

/**
 * A person of a show in the e2e journeys: a user made through the API with its one-time password link, who sets
 * a password on the API's page and signs in through the BFF (console, set-up, security and show-day specs).
 */
export const PASSWORD = 'a long press-box password';

export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A user of `role` made by the stack's key, with the link where it sets its password. */
export async function newUser(scoreEntry: ScoreEntryClient, role: string, firstName: string, lastName: string) {
  const email = `${role}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const user = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role, firstName, lastName },
    201,
  );
  return { ...user, email };
}

/** The person opens their one-time link, sets a password on the API's page, signs in through the BFF. */
export async function setPasswordAndSignIn(page: Page, link: string, email: string, returnTo: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.goto(`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${escaped(returnTo)}$`));
}

/** A user made by newUser signs in and comes back to `returnTo`. */
export const signIn = (page: Page, user: { email: string; passwordLink: { url: string } }, returnTo: string) =>
  setPasswordAndSignIn(page, user.passwordLink.url, user.email, returnTo);
