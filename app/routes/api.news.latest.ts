import { latestNewsCall } from "~/features/api/public-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(latestNewsCall);
export const loader = route.loader;
export const action = route.action;
