import { addPastPresidentCall } from "~/features/api/board-calls.server";
import { pastPresidents } from "~/features/api/public-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(pastPresidents, addPastPresidentCall);
export const loader = route.loader;
export const action = route.action;
