import { readProfile, updateProfile } from "~/features/api/auth-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(readProfile, updateProfile);
export const loader = route.loader;
export const action = route.action;
