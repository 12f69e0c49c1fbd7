import { ButtonLink } from "~/components/ui/button";

/** The small "Back to …" link above an account page's content. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p>
      <ButtonLink to={to} variant="outline" size="small">
        {children}
      </ButtonLink>
    </p>
  );
}
