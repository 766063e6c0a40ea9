/** How a user is named on the set-up pages: their name, else their email. */
export const userName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
