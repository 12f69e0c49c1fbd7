// /admin/dashboard shows the console's first tab (the spec's two addresses of the dashboard).
export { loader, default } from "./admin.conferences";
