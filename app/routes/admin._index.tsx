// /admin shows the dashboard, as /admin/dashboard does: its first tab.
export { loader, default } from "./admin.conferences";
