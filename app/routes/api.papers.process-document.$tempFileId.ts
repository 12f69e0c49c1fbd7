import { processedDocument } from "~/features/api/paper-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(processedDocument);
export const loader = route.loader;
export const action = route.action;
