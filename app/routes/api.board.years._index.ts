import { saveBoardYearCall } from "~/features/api/board-calls.server";
import { boardYears } from "~/features/api/public-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(boardYears, saveBoardYearCall);
export const loader = route.loader;
export const action = route.action;
