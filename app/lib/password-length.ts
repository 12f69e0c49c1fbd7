/** How long a password may be: the account forms check it, and the hasher refuses longer input. */
export const PASSWORD_MIN = 8;
/** Longer passwords are refused before hashing: argon2 over megabytes is a denial of service. */
export const PASSWORD_MAX = 1024;
