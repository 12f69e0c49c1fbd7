import reactServer from "../../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js?raw";
import { describe, expect, it } from "vitest";
import { patchServerPackages } from "../../scripts/vite/server-patches/patch";
import { reactStringChunkPatches } from "../../scripts/vite/server-patches/react-string-chunks";

const REACT_ID = "/x/node_modules/react-dom/cjs/react-dom-server.browser.production.min.js";
type Hooks = {
  configResolved(config: { command: string }): void;
  transform(code: string, id: string, options?: { ssr?: boolean }): { code: string } | null;
  buildEnd(error?: Error): void;
};
const plugin = () => {
  const p = patchServerPackages(reactStringChunkPatches) as unknown as Hooks;
  p.configResolved({ command: "build" });
  return p;
};

describe("package patches of the server build (decision 024)", () => {
  it("turn React's byte writing into string writing in the installed React", () => {
    const out = plugin().transform(reactServer, REACT_ID, { ssr: true });
    expect(reactServer).toContain("new Uint8Array(512)");
    expect(out?.code).not.toContain("Uint8Array");
    expect(out?.code).toContain('a.enqueue(ca.encode(l.join("")))');
  });

  it("fail the build, naming the decision, when an anchor has changed", () => {
    const changed = reactServer.replace("function u(a){return ca.encode(a)}", "function u(a){return ca.encode(String(a))}");
    expect(() => plugin().transform(changed, REACT_ID, { ssr: true })).toThrow(/found 0 times, not 1; look at decision 024/);
  });

  it("leave the client build and other files alone, and fail a build that never loaded the file", () => {
    const p = plugin();
    expect(p.transform(reactServer, REACT_ID, { ssr: false })).toBeNull();
    expect(p.transform("export {}", "/x/app/root.tsx", { ssr: true })).toBeNull();
    p.transform("export {}", "/x/app/root.tsx", { ssr: true });
    // Nothing patched at all (a dev server, a test run): no complaint.
    expect(() => p.buildEnd()).not.toThrow();
    const loaded = patchServerPackages([...reactStringChunkPatches, { ...reactStringChunkPatches[0]!, name: "moved", file: /never-loaded\.js$/ }]) as unknown as Hooks;
    loaded.configResolved({ command: "build" });
    loaded.transform(reactServer, REACT_ID, { ssr: true });
    expect(() => loaded.buildEnd()).toThrow(/no longer loads moved \(decision 024\)/);
  });
});
