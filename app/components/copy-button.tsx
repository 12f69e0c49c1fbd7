import { useState } from "react";
import { Button } from "./ui/button";

/**
 * Copies a URL with the Clipboard API. Without JavaScript (or before hydration) callers show the
 * URL in a read-only field instead, so there is never a button that does nothing.
 */
export function CopyButton({ value, label, copiedText, size = "small" }: { value: string; label: string; copiedText: string; size?: "small" | "normal" }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <>
      <Button variant="outline" size={size} onClick={copy}>
        {label}
      </Button>
      <p className={`status-line${state === "failed" ? " error" : ""}`} role="status">
        {state === "copied" ? copiedText : state === "failed" ? "Failed to copy URL" : ""}
      </p>
    </>
  );
}

export function UrlField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="share-url">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="url" readOnly value={value} />
    </div>
  );
}
