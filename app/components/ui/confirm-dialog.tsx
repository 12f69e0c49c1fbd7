import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";

/**
 * A question before an action (Radix Dialog: focus trapped, Escape and Cancel leave).
 * `children` holds the confirming control, usually a form's submit button.
 *
 * The dialog is portalled to the body, but React still bubbles its events through the tree it
 * was rendered in: a form inside the dialog must not also submit a form the dialog sits in (a
 * `ValidatedForm` handles every submit event that reaches it, even one already handled), so
 * submit events stop at the dialog.
 */
export default function ConfirmDialog({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content dialog-narrow"
          aria-describedby={description ? "confirm-description" : undefined}
          onSubmit={(e) => e.stopPropagation()}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <p id="confirm-description">{description}</p> : null}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
