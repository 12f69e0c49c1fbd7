import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/messages";
import { RouteDialog } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { registrationOrderValidator } from "~/features/payments/fees";
import { RegistrationForm } from "~/features/payments/registration-dialog";
import { createRegistrationOrder, REGISTRATION_MESSAGES, registrationChoices } from "~/features/payments/registration.server";
import { requireIds } from "~/lib/params";
import { requireUser } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";
import { validateInput } from "~/server/forms.server";

const CLOSE_TO = "/dashboard?tab=submissions";

/** The registration payment dialog over My Submissions (a section of the page without JavaScript), for an author of the paper. */
export const loader = loads("The registration could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], REGISTRATION_MESSAGES.notYours);
  const choices = await registrationChoices(context, user, id);
  return {
    paper: choices.paper,
    conference: { title: choices.conference.title, currency: choices.conference.currency, fees: choices.conference.fees, deadline: choices.conference.deadline ? formatDate(choices.conference.deadline) : null },
    // Why there is nothing to pay, in the words the order would refuse with.
    refusal: { eligible: null, registered: REGISTRATION_MESSAGES.registered, closed: REGISTRATION_MESSAGES.closed, none: REGISTRATION_MESSAGES.notAccepted }[choices.eligibility],
    csrf: context.csrf.token(),
  };
});

/**
 * The form without JavaScript: the order is created on the server (eligibility and amount checked
 * there) and the browser goes to PayPal's approval page, which returns it to the success or
 * cancel page. A refusal shows in the dialog.
 */
export const action = acts(REGISTRATION_MESSAGES.orderFailed, async ({ request, params, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], REGISTRATION_MESSAGES.notYours);
  const { data } = await validateInput(request, registrationOrderValidator);
  const order = await createRegistrationOrder(context, user, { ...data, paperId: id });
  return redirect(order.approveUrl);
});

export default function RegisterForPaper() {
  const { paper, conference, refusal } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={`Register for ${conference.title}`} description={`Paper: ${paper.title}`} closeTo={CLOSE_TO}>
      {refusal ? (
        <FormMessage tone="info">{refusal}</FormMessage>
      ) : (
        <>
          {conference.deadline ? <p className="field-hint">Registration closes on {conference.deadline}.</p> : null}
          <RegistrationForm choices={{ paperId: paper.id, conferenceId: paper.conferenceId, currency: conference.currency, fees: conference.fees }} closeTo={CLOSE_TO} />
        </>
      )}
    </RouteDialog>
  );
}

