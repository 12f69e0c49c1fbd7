import type { ReactNode } from "react";

/** The spec's error and not-found states: a heading, a sentence and the way back. */
export function ErrorState({ title, message, children }: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <div className="container error-state">
      <div className="empty" role="alert">
        <h1>{title}</h1>
        <p>{message}</p>
        {children ? <div className="actions actions-center">{children}</div> : null}
      </div>
    </div>
  );
}
