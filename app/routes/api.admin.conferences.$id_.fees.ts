import { updateConferenceFees } from "~/features/api/admin-conference-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(updateConferenceFees);
export const loader = route.loader;
export const action = route.action;
