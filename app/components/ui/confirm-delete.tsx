import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";

/** A console deletion's confirmation: the question, a button that posts (none when `disabled`: the loader already knows it would be refused), the error if refused. */
export function ConfirmDelete({ title, closeTo, button, disabled = false, children }: { title: string; closeTo: string; button: string; disabled?: boolean; children: ReactNode }) {
  const refusal = useRefusal();
  const busy = useNavigation().state !== "idle";
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      {children}
      {disabled ? null : (
        <Form method="post" className="form-actions">
          <CsrfField />
          <Button type="submit" aria-disabled={busy || undefined}>
            {button}
          </Button>
        </Form>
      )}
    </RouteDialog>
  );
}
