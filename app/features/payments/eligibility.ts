/**
 * Who may register for an accepted paper (spec section 4): the rule My Submissions shows with and
 * the order checks again. Pure, so the list of every paper and the one paper's dialog decide alike.
 */
import type { RegistrationStatus } from "~/db/enums";
import { offeredFeeTypes, type ConferenceFees } from "./fees";

/** eligible: Register; closed: the locked button and the Closed badge; registered: paid; none: nothing. */
export type Eligibility = "eligible" | "closed" | "registered" | "none";

export function eligibilityOf(
  paper: { status: string; registrationEnabled: boolean; deadline: string | null; fees: ConferenceFees; registrationStatus: RegistrationStatus | null },
  today: string,
): Eligibility {
  if (paper.status !== "accepted") return "none";
  if (paper.registrationStatus === "confirmed") return "registered";
  if (!paper.registrationEnabled || (paper.deadline && paper.deadline < today) || offeredFeeTypes(paper.fees).length === 0) return "closed";
  return "eligible";
}
