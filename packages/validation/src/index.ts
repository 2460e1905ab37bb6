/** Placeholder until the schemas land. */
export const placeholder = true;
