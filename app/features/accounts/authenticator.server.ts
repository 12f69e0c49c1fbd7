/**
 * remix-auth with its form strategy: the strategy reads the posted form and our verify function
 * checks the credentials (rate limits, argon2id, active account), read by the one input reader. One authenticator per request,
 * because the verify function needs the request's database.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { MESSAGES } from "./messages";
import { loginSchema } from "./schemas";
import { checkCredentials } from "./account.server";
import { withZod } from "@remix-validated-form/with-zod";
import { AppError } from "~/server/errors.server";
import { validateInput } from "~/server/forms.server";

export type Authenticated = { userId: number; role: string; totp: boolean; redirectTo?: string };


const loginValidator = withZod(loginSchema);

/**
 * The authenticator for one sign-in `request`. remix-auth hands its strategy a copy of the
 * request; what was typed is kept beside the original, where `acts` looks for it when the
 * sign-in is refused.
 */
export function authenticatorFor(context: AppLoadContext, original: Request) {
  const authenticator = new Authenticator<Authenticated>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const { data } = await validateInput({ data: form, form, request: original }, loginValidator, { repopulate: ["email"], message: MESSAGES.login });
      const result = await checkCredentials(context, request, data.email, data.password);
      if (!result.ok) throw new AppError("unauthorised", MESSAGES.login);
      return { userId: result.userId, role: result.role, totp: result.totp, redirectTo: data.redirectTo };
    }),
    "form",
  );
  return authenticator;
}
