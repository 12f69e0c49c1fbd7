import { listAdminNews, createNews } from "~/features/api/admin-news-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(listAdminNews, createNews);
export const loader = route.loader;
export const action = route.action;
