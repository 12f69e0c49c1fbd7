import { deleteBoardYearCall } from "~/features/api/board-calls.server";
import { boardYear } from "~/features/api/public-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(boardYear, deleteBoardYearCall);
export const loader = route.loader;
export const action = route.action;
