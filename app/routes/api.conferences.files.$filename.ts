import { conferenceFileCall } from "~/features/api/public-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(conferenceFileCall);
export const loader = route.loader;
export const action = route.action;
