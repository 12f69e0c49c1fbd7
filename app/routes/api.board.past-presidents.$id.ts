import { deletePastPresidentCall } from "~/features/api/board-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(deletePastPresidentCall);
export const loader = route.loader;
export const action = route.action;
