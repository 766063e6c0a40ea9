/**
 * Who a group's sheet pages are for, as the session gate (components/signed-in/session-gate.tsx) says it to someone
 * signed out, to a role without `read-group`, and on the hosted service, where groups' accounts are kept there.
 */
export const GROUP_READERS = {
  signIn: "Sign in to see your group's sheets",
  who: "a group's director and staff, once a contest's scores are released",
  refused: () => "These pages are for a group's own accounts: the circuit's people work in Manage contests.",
  hosted: {
    title: "Groups' accounts are on the hosted service",
    text: "These results come from the hosted CompetitionSuite service: a group's director and staff sign in there to read their sheets and hear their commentary.",
  },
};

export const READ_GROUP = { permission: 'read-group', what: "A group's sheets are" } as const;
