import { processDocument } from "~/features/api/paper-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(processDocument);
export const loader = route.loader;
export const action = route.action;
