import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl, newConference, stack, stackLog } from "./browser";
import { linkIn, waitForMail } from "./mail";
import { MANUSCRIPTS } from "./wizard";

/**
 * An author's whole journey through the JSON API alone, against the local stack: register,
 * activate from the mailed link, sign in for a token, have a real manuscript read by the
 * extraction Worker, submit it, see it listed, and pay the registration of an accepted paper
 * against the local PayPal. No page is opened and no cookie is sent.
 */
type Answer<T> = { status: number; body: T };

async function api<T = Record<string, unknown>>(method: string, pathname: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${baseUrl()}${pathname}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the assertion's message.
  }
  return { status: response.status, body: parsed as T };
}

const expectStatus = (r: Answer<unknown>, status: number, what: string) => expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 400)}\n${stackLog(15)}`).toBe(status);

describe("an author's journey through the JSON API", () => {
  it("registers, activates from the mail, signs in, submits a read manuscript, sees it listed and pays a registration", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `api.journey.${tag}@example.org`;
    const password = `a-long-passphrase-${tag}`;

    // Register, and activate with the token of the mailed link.
    const registered = await api("POST", "/api/auth/register", {
      json: {
        salutation: "Dr.", firstName: "Grace", lastName: "Hopper", primaryEmail: email, primaryEmailConfirm: email,
        primaryInstitution: "Yale University", primaryRank: "Professor", primaryAddress1: "1 Hillhouse Avenue", primaryCity: "New Haven", primaryPostalCode: "06511", primaryCountry: "US", primaryState: "CT",
        primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing",
        username: email, password, passwordRetype: password,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
    const mail = await waitForMail(email, "Activate your account");
    const token = new URL(linkIn(mail, "/activate-account")).searchParams.get("token");
    expect(token).toBeTruthy();
    expectStatus(await api("POST", "/api/auth/activate", { json: { token } }), 200, "activate");

    const login = await api<{ token: string }>("POST", "/api/auth/login", { json: { email, password } });
    expectStatus(login, 200, "login");
    const bearer = login.body.token;
    const profile = await api<{ _id: number; firstName: string; lastName: string }>("GET", "/api/auth/profile", { token: bearer });
    expectStatus(profile, 200, "profile");

    // A conference open for submissions, with an accepted paper of this author's to register with.
    const year = new Date().getUTCFullYear() + 1;
    const conference = await newConference({
      title: `API Conference ${tag}`,
      status: "open",
      startDate: `${year}-06-01`,
      registration: { standard: 45000, student: 20000, accompaniedPerson: 10000, currency: "EUR" },
      papers: [{ title: `Accepted paper ${tag}`, status: "accepted", submitterId: profile.body._id, authors: [{ firstName: "Grace", lastName: "Hopper", email, userId: profile.body._id }] }],
    });

    // The manuscript, read by the extraction Worker.
    const form = new FormData();
    form.set("manuscript", new Blob([readFileSync(path.join(MANUSCRIPTS, "01.pdf"))], { type: "application/pdf" }), "01.pdf");
    const uploaded = await api<{ tempFileId: string; conversionStatus: string }>("POST", "/api/papers/process-document", { token: bearer, form });
    expectStatus(uploaded, 200, "process-document");
    let read: Answer<{ conversionStatus: string; extractedInfo: { title: string | null; abstract: string | null } | null }> | null = null;
    await expect
      .poll(
        async () => {
          read = await api("GET", `/api/papers/process-document/${uploaded.body.tempFileId}`, { token: bearer });
          return read.body.conversionStatus;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe("complete");
    const info = read!.body.extractedInfo!;
    expect(info.title).toBeTruthy();

    // Submitted with what was read and the author's own card.
    const submission = new FormData();
    const fields: Record<string, string> = {
      manuscriptType: "regular",
      conferenceId: String(conference.id),
      manuscriptTitle: info.title!,
      manuscriptAbstract: (info.abstract ?? "An abstract.").split(/\s+/).slice(0, 200).join(" "),
      researchArea1Category: "I. Corporate Finance",
      researchArea1: "Capital Structure",
      researchArea2Category: "III. Financial Markets and Institutions",
      researchArea2: "Market Microstructure",
      researchArea3Category: "IV. Investments & Portfolio Management",
      researchArea3: "Asset Pricing",
      authors: JSON.stringify([{ firstName: "Grace", lastName: "Hopper", email, institution: "Yale University", rankTitle: "Professor", country: "US", isCorresponding: true, authorOrder: 1 }]),
      tempFileId: uploaded.body.tempFileId,
    };
    for (const [k, v] of Object.entries(fields)) submission.set(k, v);
    const submitted = await api<{ _id: number; number: string; status: string }>("POST", "/api/papers/submit", { token: bearer, form: submission });
    expectStatus(submitted, 201, "submit");
    expect(submitted.body.status).toBe("under_review");
    await waitForMail(email, submitted.body.number);

    const listed = await api<Array<{ _id: number; manuscriptTitle: string; status: string; userRoles: string[] }>>("GET", "/api/papers/user", { token: bearer });
    expectStatus(listed, 200, "list");
    expect(listed.body.map((p) => p.manuscriptTitle)).toEqual(expect.arrayContaining([info.title, `Accepted paper ${tag}`]));

    // Pays the accepted paper's registration: the order, the payer's approval at PayPal, the capture.
    const accepted = conference.papers[0]!;
    expect((await api("GET", "/api/payment/config/paypal", { token: bearer })).body).toMatchObject({ clientId: expect.any(String) });
    const order = await api<{ orderId: string; registrationId: number; intentToken: string }>("POST", "/api/registration/order", {
      token: bearer,
      json: { paperId: accepted.id, conferenceId: conference.id, feeType: "standard", accompaniedPersonsCount: 1 },
    });
    expectStatus(order, 200, "order");
    const approved = await fetch(`${stack().paypalUrl}/__fake/orders/${order.body.orderId}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(approved.ok).toBe(true);
    const captured = await api<{ outcome: string; registration: { status: string; receiptNumber: string; amount: number } }>("POST", "/api/registration/capture", {
      token: bearer,
      json: { orderId: order.body.orderId, registrationId: order.body.registrationId, intentToken: order.body.intentToken },
    });
    expectStatus(captured, 200, "capture");
    expect(captured.body).toMatchObject({ outcome: "confirmed", registration: { status: "confirmed", amount: 55000 } });
    await waitForMail(email, captured.body.registration.receiptNumber);
    const after = await api<Array<{ _id: number; registrationStats: { userHasRegistration: boolean } }>>("GET", "/api/papers/user", { token: bearer });
    expect(after.body.find((p) => p._id === accepted.id)!.registrationStats.userHasRegistration).toBe(true);
  });
});
