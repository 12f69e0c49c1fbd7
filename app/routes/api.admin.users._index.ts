import { listUsersCall } from "~/features/api/admin-user-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(listUsersCall);
export const loader = route.loader;
export const action = route.action;
