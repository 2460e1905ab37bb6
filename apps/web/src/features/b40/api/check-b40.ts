import { api, type ContentData } from "../../../shared/api";

/** The B40 status of an identity card: eligible, notEligible or notFound (masked card). */
export type B40Status = ContentData<"b40Verify">;

/** Gets an anonymous B40 token, then verifies the identity card (12 digits, no dashes) with it. */
export async function checkB40(identityCard: string): Promise<B40Status> {
  const auth = await api.content.b40Auth();
  const answer = await api.content.b40Verify({ identityCard }, { token: auth.data });
  return answer.data;
}
