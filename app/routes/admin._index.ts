export { loader, meta, default } from "./admin.dashboard";
