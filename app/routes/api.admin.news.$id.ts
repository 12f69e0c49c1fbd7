import { readAdminNews, updateNews, removeNews } from "~/features/api/admin-news-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(readAdminNews, updateNews, removeNews);
export const loader = route.loader;
export const action = route.action;
