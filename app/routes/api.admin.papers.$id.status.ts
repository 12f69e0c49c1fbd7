import { setAdminPaperStatus } from "~/features/api/admin-paper-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(setAdminPaperStatus);
export const loader = route.loader;
export const action = route.action;
