import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * The full-size photo as a modal dialog: focus stays inside, Escape and Close leave, and the
 * left and right arrow keys step to the previous and next photo.
 */
export default function PhotoDialog({ title, onClose, onStep, children }: { title: string; onClose: () => void; onStep: (direction: -1 | 1) => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content"
          aria-describedby={undefined}
          // The gallery puts the focus back on the photo's thumbnail once the dialog is gone.
          onCloseAutoFocus={(e) => e.preventDefault()}
          onKeyDown={(e) => {
            if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
            if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
              e.preventDefault();
              onStep(e.key === "ArrowLeft" ? -1 : 1);
            }
          }}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {children}
          <Dialog.Close asChild>
            <Button variant="primary" size="small">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
