import { describe, expect, it } from "vitest";
import { ROLE_MAILBOX, emailFit, expandEmails } from "./emails";

describe("the addresses a text prints", () => {
  it("reads addresses masked against harvesters as the addresses they stand for, and prose as prose", () => {
    expect(expandEmails("lena.brandt[at]econ[dot]au[dot]dk; m.okonkwo at domain unsw.edu.au")).toEqual(["lena.brandt@econ.au.dk", "m.okonkwo@unsw.edu.au"]);
    // Initials, a number or capitals said with "at" are a sentence's words, not an address.
    expect(expandEmails("Retail sales in the U.S. at Walmart.com grew, J.S. at Stanford.edu agreed; 0.45 at 1.96 and an e-book (at) 9.99.")).toEqual([]);
  });

  it("joins an address cut at a line's end after a dot of its domain, and answers at once for a long run of dots", () => {
    expect(expandEmails("paul.thompson@manchester.\n ac.uk and x@example.com.\n edu")).toEqual(["paul.thompson@manchester.ac.uk", "x@example.com"]);
    const started = performance.now();
    expandEmails(`@${"a.".repeat(25000)}\n uk`);
    expect(performance.now() - started).toBeLessThan(300);
  });
});

describe("an office's mailbox", () => {
  it("is a role alone or a role no surname shares after the office's name, never a person's initial and surname", () => {
    for (const office of ["info@example.org", "dg-info@example.eu", "research.enquiries@example.org", "dg_ecfin.publications@example.eu", "office@example.org", "econ@example.edu", "finance@example.edu"]) expect(ROLE_MAILBOX.test(office)).toBe(true);
    for (const person of ["k.service@bank.se", "m.help@example.org", "a.office@example.org", "j.contact@example.com", "ada.moss@example.org"]) expect(ROLE_MAILBOX.test(person)).toBe(false);
  });
});

describe("how an address fits a name", () => {
  it("fits a mailbox of the family name's first letters a little, as a given name alone fits, never an office's mailbox", () => {
    expect(emailFit("nowa@example.edu", "Anna", "Nowakowski")).toBe(1);
    // (Less than a family name cut to a mailbox's length, which fits on its own.)
    expect(emailFit("hogenesc@example.edu", "John", "Hogenesch")).toBeGreaterThanOrEqual(1.5);
    // (Not three letters, which many names share; not a department's mailbox.)
    expect(emailFit("now@example.edu", "Anna", "Nowakowski")).toBe(0);
    expect(emailFit("econ@example.edu", "Eleni", "Economou")).toBeLessThan(1);
  });

  it("fits a family name of two letters where it is a whole part of the mailbox, never a part of a word", () => {
    expect(emailFit("lena.wu@example.edu", "Mei Lena", "Wu")).toBe(3);
    expect(emailFit("wunder@example.edu", "Mei Lena", "Wu")).toBe(2);
    // (Not without a given name beside it: "chen.wu" is Wu Chen's before Ada Wu's; "do-not-reply" is nobody's.)
    expect(emailFit("chen.wu@example.edu", "Ada", "Wu")).toBeLessThan(emailFit("chen.wu@example.edu", "Wu", "Chen"));
    expect(emailFit("do-not-reply@example.edu", "Minh", "Do")).toBeLessThan(3);
  });
});
