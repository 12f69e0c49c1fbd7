import { conferenceRegistrations } from "~/features/api/admin-paper-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(conferenceRegistrations);
export const loader = route.loader;
export const action = route.action;
