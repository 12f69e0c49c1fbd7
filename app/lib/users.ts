/** What the console's user list shows and offers, shared by its page and its server code. */
export const USERS_PAGE_SIZE = 25;

export const ROLE_FILTERS = [
  { value: "", label: "All Roles" },
  { value: "user", label: "Users" },
  { value: "reviewer", label: "Reviewers" },
  { value: "admin", label: "Admins" },
] as const;

/** The inline editor offers these; the full edit dialog adds moderator. */
export const INLINE_ROLES = ["user", "admin", "reviewer"] as const;
