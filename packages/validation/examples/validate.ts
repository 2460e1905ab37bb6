// The README's usage example (no services needed).
import assert from "node:assert/strict";

// #region usage
import { validate, leadSearchFormSchema, formatValidationMessage } from "@portal/validation";

const result = validate(leadSearchFormSchema, {
  postalCode: "50450",
  residenceType: "landed", // UI value; the output carries 1
  streetName: "Jalan Ampang",
  state: "kuala-lumpur",
});
if (result.success) {
  console.log(result.output); // { postalCode: "50450", residenceType: 1, streetName: "Jalan Ampang", state: "kuala-lumpur" }
}

const refused = validate(leadSearchFormSchema, { postalCode: "5045", residenceType: "landed" });
if (!refused.success) {
  console.log(refused.errors); // [{ field: "postalCode", code: "validation.postcode.digits" }]
  console.log(formatValidationMessage(refused.errors[0]!.code, "en")); // "A postcode has exactly 5 digits."
}
// #endregion usage

assert.equal(result.success && result.output.residenceType, 1);
assert.deepEqual(!refused.success && refused.errors, [
  { field: "postalCode", code: "validation.postcode.digits" },
]);
assert.equal(
  !refused.success && formatValidationMessage(refused.errors[0]!.code, "en"),
  "A postcode has exactly 5 digits.",
);
