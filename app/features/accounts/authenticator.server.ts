/**
 * remix-auth with its form strategy: the strategy reads the posted form and our verify function
 * checks the credentials (rate limits, argon2id, active account). One authenticator per request,
 * because the verify function needs the request's database.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "./schemas";
import { checkCredentials } from "./account.server";

export type Authenticated = { userId: number; role: string; totp: boolean; redirectTo?: string };

/** Thrown for every failed sign-in: the caller shows one message whatever the cause. */
export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid email or password");
  }
}

export function authenticatorFor(context: AppLoadContext) {
  const authenticator = new Authenticator<Authenticated>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new InvalidCredentialsError();
      const result = await checkCredentials(context, request, parsed.data.email, parsed.data.password);
      if (!result.ok) throw new InvalidCredentialsError();
      return { userId: result.userId, role: result.role, totp: result.totp, redirectTo: parsed.data.redirectTo };
    }),
    "form",
  );
  return authenticator;
}
