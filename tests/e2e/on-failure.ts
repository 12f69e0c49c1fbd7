import { beforeEach, onTestFailed } from "vitest";
import { openPagesNow, stackLog } from "./browser";

/**
 * A failed browser test says where its pages were, what they still waited for, and what the
 * local stack printed last, in its own error message: a timeout alone ("waitForURL: Timeout
 * 30000ms exceeded") does not tell a post the server refused from an answer that never came.
 */
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    const pages = await openPagesNow();
    const note = `\n\nOpen pages:\n${pages.map((p) => `  ${p}`).join("\n") || "  none"}\nThe local stack's last lines:\n${stackLog(20)}`;
    const error = task.result?.errors?.[0];
    if (error) {
      // The console reporter prints the message; the JSON report (npm test's summary) the stack.
      error.message = `${error.message}${note}`;
      if (error.stack) error.stack = `${error.stack}${note}`;
    }
    else console.error(note);
  });
});
