import { PageHead } from "~/components/page-head";
import { FormMessage } from "~/components/form/messages";
import { ButtonLink } from "~/components/ui/button";

const TITLES = { success: "Payment received", pending: "Payment being reviewed", error: "Payment not completed", cancelled: "Payment cancelled" } as const;
const TONES = { success: "success", pending: "info", error: "error", cancelled: "warning" } as const;

/** The return pages of the PayPal redirect flow: the outcome's sentence, then the dashboard and the home page. */
export function PaymentReturnPage({ tone, text }: { tone: keyof typeof TITLES; text: string }) {
  return (
    <>
      <PageHead title={TITLES[tone]} />
      <div className="container container-narrow">
        <div className="card form-card">
          <FormMessage tone={TONES[tone]}>{text}</FormMessage>
          <div className="form-actions">
            <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
            <ButtonLink to="/" variant="outline">
              Return to Home
            </ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}
