import { describe, expect, it } from "vitest";
import { toPersonalColumns } from "./mapping";

describe("the personal columns from the form", () => {
  const form = { salutation: "Dr.", firstName: "Ada", lastName: "Byron", workPhoneCountry: "+1", workPhone: "", cellPhoneCountry: "+44", cellPhone: "7700 900123" };

  it("keeps a telephone country code only with its number: the select's default alone is no phone", () => {
    const columns = toPersonalColumns(form);
    expect(columns).toMatchObject({ workPhoneCountry: "", workPhone: null, cellPhoneCountry: "+44", cellPhone: "7700 900123" });
  });

  it("gives a number sent without a code the default code", () => {
    expect(toPersonalColumns({ ...form, workPhone: "555 0100", workPhoneCountry: "" })).toMatchObject({ workPhoneCountry: "+1", workPhone: "555 0100" });
  });
});
