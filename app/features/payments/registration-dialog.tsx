/**
 * The registration payment dialog's body (spec 2.2 and 4): the fee types the conference offers,
 * one accompanied person at most (Not Available without such a fee), the total from `quoteFee`
 * (the same function the server charges with), and then the payment. Without JavaScript the
 * choice is a form whose post creates the order and goes to PayPal's approval page; with it,
 * PayPal's buttons, loaded with @paypal/paypal-js, create and capture the order through the
 * order and capture routes, and every state and message of the spec shows in the dialog.
 */
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import type { PayPalNamespace } from "@paypal/paypal-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { CsrfField, useCsrfToken } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Button } from "~/components/ui/button";
import type { Currency, FeeType } from "~/db/enums";
import { MAX_ACCOMPANIED_PERSONS, offeredFeeTypes, quoteFee, ZERO_TOTAL, type ConferenceFees } from "./fees";
import { FEE_TYPE_LABELS, formatMoney } from "~/lib/format";

export const PAYMENT_MESSAGES = {
  noClientId: "PayPal client ID not returned from server",
  noOrderId: "Server did not return a PayPal orderId",
  orderFailed: "Failed to create order",
  captureFailed: "Failed to capture the payment",
  paymentError: (detail: string) => `Payment error: ${detail}`,
  renderFailed: (detail: string) => `Failed to render PayPal Buttons: ${detail}`,
  initFailed: (detail: string) => `Failed to initialize PayPal Buttons: ${detail}`,
  cancelled: "Payment was cancelled.",
  declined: "Your card was declined. Please choose another way to pay.",
} as const;

/** How long the dialog waits before its one retry of PayPal's script (spec section 9). */
export const SCRIPT_RETRY_MS = 4000;

export type DialogChoices = {
  paperId: number;
  conferenceId: number;
  currency: Currency;
  fees: ConferenceFees;
};

type Stage = "config" | "script" | "buttons" | "creating" | "capturing" | "success";

const STAGE_TEXT: Record<Exclude<Stage, "buttons">, string> = {
  config: "Loading the payment configuration…",
  script: "Loading PayPal…",
  creating: "Creating your order…",
  capturing: "Confirming your payment with PayPal…",
  success: "Payment completed successfully!",
};

/** The form: fee type, accompanied person and total; the payment below it. */
export function RegistrationForm({ choices, closeTo }: { choices: DialogChoices; closeTo: string }) {
  const offered = offeredFeeTypes(choices.fees);
  const [feeType, setFeeType] = useState<FeeType>(offered[0] ?? "standard");
  const [accompanied, setAccompanied] = useState(0);
  const hydrated = useHydrated();
  const refusal = useRefusal();
  const busy = useNavigation().state !== "idle";
  const total = quoteFee(choices.fees, feeType, accompanied);
  const personFee = choices.fees.accompaniedPerson;
  const personOffered = personFee !== null && personFee > 0;
  const choice = useRef({ feeType, accompanied, total });
  choice.current = { feeType, accompanied, total };

  return (
    <Form method="post" className="registration-form" aria-describedby="registration-total">
      <CsrfField />
      <input type="hidden" name="paperId" value={choices.paperId} />
      <input type="hidden" name="conferenceId" value={choices.conferenceId} />
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      <fieldset className="radio-list">
        <legend>Fee type</legend>
        {offered.map((t) => (
          <label key={t}>
            <input type="radio" name="feeType" value={t} checked={feeType === t} onChange={() => setFeeType(t)} required />
            {FEE_TYPE_LABELS[t]} — {formatMoney(choices.fees[t] ?? 0, choices.currency)}
          </label>
        ))}
      </fieldset>
      <fieldset className="radio-list">
        <legend>Accompanied person</legend>
        <label>
          <input
            type="checkbox"
            name="accompaniedPersonsCount"
            value={MAX_ACCOMPANIED_PERSONS}
            checked={accompanied > 0}
            disabled={!personOffered}
            onChange={(e) => setAccompanied(e.currentTarget.checked ? MAX_ACCOMPANIED_PERSONS : 0)}
          />
          {personOffered ? `One accompanied person (+ ${formatMoney(personFee, choices.currency)})` : "One accompanied person: Not Available"}
        </label>
      </fieldset>
      <p id="registration-total" className="registration-total" aria-live="polite">
        Total: <strong>{total !== null && total > 0 ? formatMoney(total, choices.currency) : "—"}</strong>
      </p>
      {total === null || total <= 0 ? <FormMessage tone="error">{ZERO_TOTAL}</FormMessage> : null}
      {hydrated ? (
        <PayPalCheckout choices={choices} current={choice} closeTo={closeTo} />
      ) : (
        <div className="form-actions">
          <Button type="submit" aria-disabled={busy || undefined}>
            Pay with PayPal
          </Button>
          <p className="field-hint">You will go to PayPal to pay, and come back here once it is done.</p>
        </div>
      )}
    </Form>
  );
}

type Current = { current: { feeType: FeeType; accompanied: number; total: number | null } };

/** A JSON post to one of the payment routes, with the page's CSRF token; its answer, or the server's message as an Error. */
async function postJson(path: string, csrf: string, body: unknown, fallback: string) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) throw new Error(typeof answer?.message === "string" && answer.message ? answer.message : fallback);
  return answer ?? {};
}

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * PayPal's buttons and the states around them: the configuration, the script (retried once after
 * 4 seconds), the buttons, the order, the capture, the success. An error shows with Retry, which
 * loads the payment again from the configuration.
 */
function PayPalCheckout({ choices, current, closeTo }: { choices: DialogChoices; current: Current; closeTo: string }) {
  const csrf = useCsrfToken();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Stage>("config");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const order = useRef<{ registrationId?: number; intentToken?: string }>({});
  // After a declined card PayPal asks the payer again: the reason stays shown meanwhile.
  const keepNotice = useRef(false);

  const fail = useCallback((message: string) => {
    setError(message);
    setStage("buttons");
  }, []);

  useEffect(() => {
    let stopped = false;
    let buttons: { close?: () => Promise<void> } | null = null;
    setError(null);
    setStage("config");
    (async () => {
      type Config = { clientId?: string; sdkBaseUrl?: string };
      const config: Config = await fetch("/api/payment/config/paypal", { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<Config>) : {}))
        .catch(() => ({}));
      if (stopped) return;
      if (!config.clientId) return fail(PAYMENT_MESSAGES.noClientId);
      setStage("script");
      const paypal = await loadPayPal(config.clientId, choices.currency, config.sdkBaseUrl).catch((e: unknown) => {
        if (!stopped) fail(PAYMENT_MESSAGES.initFailed(detailOf(e)));
        return null;
      });
      if (stopped || !paypal) return;
      if (!paypal.Buttons) return fail(PAYMENT_MESSAGES.initFailed("the Buttons component is missing"));
      setStage("buttons");
      const rendered = paypal.Buttons({
        style: { layout: "vertical", label: "pay" },
        createOrder: async () => {
          setError(null);
          if (!keepNotice.current) setNotice(null);
          keepNotice.current = false;
          const { feeType, accompanied, total } = current.current;
          if (total === null || total <= 0) throw new Error(ZERO_TOTAL);
          setStage("creating");
          const answer = await postJson(
            "/api/registration/order",
            csrf,
            { paperId: choices.paperId, conferenceId: choices.conferenceId, feeType, accompaniedPersonsCount: accompanied },
            PAYMENT_MESSAGES.orderFailed,
          ).catch((e: unknown) => {
            setStage("buttons");
            throw e;
          });
          if (typeof answer.orderId !== "string" || !answer.orderId) {
            setStage("buttons");
            throw new Error(PAYMENT_MESSAGES.noOrderId);
          }
          order.current = { registrationId: Number(answer.registrationId) || undefined, intentToken: typeof answer.intentToken === "string" ? answer.intentToken : undefined };
          setStage("buttons");
          return answer.orderId;
        },
        onApprove: async (data, actions) => {
          setStage("capturing");
          const answer = await postJson("/api/registration/capture", csrf, { orderId: data.orderID, ...order.current }, PAYMENT_MESSAGES.captureFailed).catch((e: unknown) => {
            fail(detailOf(e));
            return null;
          });
          if (!answer) return;
          if (answer.outcome === "declined") {
            // INSTRUMENT_DECLINED: the payer chooses again in PayPal's window.
            setStage("buttons");
            setNotice(typeof answer.reason === "string" && answer.reason ? answer.reason : PAYMENT_MESSAGES.declined);
            keepNotice.current = true;
            await actions.restart();
            return;
          }
          setStage("success");
          if (answer.outcome === "pending") setNotice(typeof answer.reason === "string" ? answer.reason : null);
          // The paper's registration shows at once: My Submissions loads again under the closed dialog.
          navigate(`${closeTo}${closeTo.includes("?") ? "&" : "?"}done=${answer.outcome === "pending" ? "registration-pending" : "registered"}`, { preventScrollReset: true });
        },
        onCancel: () => {
          setStage("buttons");
          setNotice(PAYMENT_MESSAGES.cancelled);
        },
        onError: (e: unknown) => {
          if (!stopped) fail(PAYMENT_MESSAGES.paymentError(detailOf(e)));
        },
      });
      buttons = rendered;
      if (!container.current) return;
      await rendered.render(container.current).catch((e: unknown) => {
        if (!stopped) fail(PAYMENT_MESSAGES.renderFailed(detailOf(e)));
      });
    })();
    return () => {
      stopped = true;
      buttons?.close?.().catch(() => undefined);
    };
  }, [attempt, choices, csrf, current, closeTo, fail, navigate]);

  const waiting = stage !== "buttons" && stage !== "success" ? STAGE_TEXT[stage] : null;
  return (
    <div className="paypal-checkout" aria-busy={waiting ? true : undefined}>
      {waiting ? (
        <p className="payment-stage" role="status">
          <span className="spinner" aria-hidden="true" /> {waiting}
        </p>
      ) : null}
      {stage === "success" ? <FormMessage tone="success">{STAGE_TEXT.success}</FormMessage> : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {error ? (
        <div className="payment-error">
          <FormMessage tone="error">{error}</FormMessage>
          <Button variant="outline" size="small" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      ) : null}
      {/* PayPal draws its buttons here; hidden while an error or a later stage shows. */}
      <div ref={container} className="paypal-buttons" hidden={Boolean(error) || stage === "success" || stage === "config" || stage === "script"} />
    </div>
  );
}

/**
 * PayPal's JS SDK through @paypal/paypal-js: the client id, the conference's currency, intent
 * capture, commit true, the buttons component, from `sdkBaseUrl` when the configuration names one
 * (the local stand-in). A script tag left by an older load with an uppercase intent is removed
 * first; a failed load is tried once more after 4 seconds.
 */
async function loadPayPal(clientId: string, currency: Currency, sdkBaseUrl?: string): Promise<PayPalNamespace> {
  const { loadScript } = await import("@paypal/paypal-js");
  for (const stale of document.querySelectorAll<HTMLScriptElement>('script[src*="intent=CAPTURE"]')) stale.remove();
  const options = { clientId, currency, intent: "capture", commit: true, components: "buttons", ...(sdkBaseUrl ? { sdkBaseUrl } : {}) } as const;
  const load = () => loadScript(options).then((paypal) => {
    if (!paypal) throw new Error("the PayPal script did not load");
    return paypal;
  });
  return load().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_RETRY_MS));
    return load();
  });
}
