import { submit } from "~/features/api/paper-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(submit);
export const loader = route.loader;
export const action = route.action;
