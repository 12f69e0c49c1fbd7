/**
 * A paper's authors as the spec's clients send them: `authors`, the JSON text of the author list
 * (spec: Author, administrator view), with `rank` holding the free text where the form's rank is
 * Other. Read here into the rows the paper editor's schemas check, so the API keeps the pages'
 * rules (required fields, one corresponding author, no address twice) without a copy of them.
 */
import { z } from "zod";
import { ACADEMIC_RANKS } from "~/features/accounts/options";
import { toEditorAuthorRow, type EditorAuthorRow } from "~/features/papers/paper-editor-form";

const text = z.string().max(1000).optional();

/** One author of the JSON text: the fields the spec names; any other (a `userId`, a `role`) is refused. */
export const authorJson = z
  .object({
    id: z.union([z.number(), z.string().max(40)]).optional().describe("The author's id as read; ignored (the list is replaced as a whole)"),
    isCurrentUser: z.boolean().optional().describe("As read; ignored"),
    salutation: text,
    firstName: text,
    middleName: text,
    lastName: text,
    email: text,
    institution: text,
    department: text,
    rank: text.describe("An academic rank of the list, or the free text that replaces Other"),
    rankOther: text.describe("The free text when `rank` is Other"),
    country: text.describe("ISO 3166-1 alpha-2 code"),
    state: text.describe("US state code, for the United States"),
    address1: text,
    address2: text,
    city: text,
    postalCode: text,
    isCorresponding: z.boolean().optional(),
    isCorrespondingAuthor: z.boolean().optional().describe("The same as isCorresponding"),
  })
  .strict();

export type AuthorJson = z.infer<typeof authorJson>;

/** The author list of the JSON text, before the editor's own checks. */
export const authorJsonList = z.array(authorJson).max(50, "At most 50 authors.");

const isListedRank = (rank: string) => (ACADEMIC_RANKS as readonly string[]).includes(rank);

/** The paper editor's row of an author of the JSON text: a rank not in the list is Other with that text. */
export function toEditorRow(a: AuthorJson): EditorAuthorRow {
  const rank = (a.rank ?? "").trim();
  const listed = rank === "" || isListedRank(rank);
  return toEditorAuthorRow({
    salutation: a.salutation,
    firstName: a.firstName,
    middleName: a.middleName,
    lastName: a.lastName,
    email: a.email,
    institution: a.institution,
    department: a.department,
    rankTitle: listed ? rank : "Other",
    rankOther: listed ? a.rankOther : rank,
    country: a.country,
    state: a.state,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    postalCode: a.postalCode,
    isCorresponding: a.isCorresponding ?? a.isCorrespondingAuthor ?? false,
    source: "added",
  });
}

/** An author as stored, as the API answers it: `rank` is the free text where the stored rank is Other. */
export function authorAnswer(a: {
  id: number;
  salutation: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  institution: string;
  department: string | null;
  rank: string | null;
  rankOther: string | null;
  country: string | null;
  address: { address1?: string; address2?: string; city?: string; postalCode?: string; state?: string } | null;
  isCorresponding: boolean;
}) {
  return {
    id: a.id,
    salutation: a.salutation ?? "",
    firstName: a.firstName,
    middleName: a.middleName ?? "",
    lastName: a.lastName,
    email: a.email,
    institution: a.institution,
    department: a.department ?? "",
    rank: a.rank === "Other" ? (a.rankOther ?? "") : (a.rank ?? ""),
    country: a.country ?? "",
    state: a.address?.state ?? "",
    address1: a.address?.address1 ?? "",
    address2: a.address?.address2 ?? "",
    city: a.address?.city ?? "",
    postalCode: a.address?.postalCode ?? "",
    isCorresponding: a.isCorresponding,
    isCorrespondingAuthor: a.isCorresponding,
  };
}

export const authorShape = z.object({
  id: z.number().int(),
  salutation: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  email: z.string(),
  institution: z.string(),
  department: z.string(),
  rank: z.string().describe("An academic rank of the list, or the free text that replaces Other"),
  country: z.string(),
  state: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  isCorresponding: z.boolean(),
  isCorrespondingAuthor: z.boolean(),
});
