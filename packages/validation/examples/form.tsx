// The README's form example: useSchemaForm over a schema of the package, rendered on the server
// here so it runs in Node (in an app the same component hydrates and handles the submit).
import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";

// #region form
import { b40VerifyBodySchema, type Language } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";

export function MyKadCheck(props: { language: Language; check: (card: string) => Promise<void> }) {
  const form = useSchemaForm({
    schema: b40VerifyBodySchema, // { identityCard: myKadSchema }
    language: props.language, // messages in "bm" or "en"
    onSubmit: (output) => props.check(output.identityCard), // valid only: "880412105123"
  });
  const { error, ...input } = form.field("identityCard"); // id, name, value, onChange, onBlur,
  // required, maxLength 14, inputMode "numeric", autoComplete "off", aria-invalid
  return (
    <form {...form.formProps}>
      {form.summary.length > 0 ? (
        <ul data-error-summary tabIndex={-1} role="alert">
          {form.summary.map((entry) => (
            <li key={entry.field}>
              <a href={`#${entry.id}`}>{entry.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={input.id}>MyKad</label>
      <input {...input} aria-describedby={error ? `${input.id}-error` : undefined} />
      {error ? <p id={`${input.id}-error`}>{error}</p> : null}
      <button type="submit" disabled={form.submitting}>
        Check
      </button>
    </form>
  );
}
// #endregion form

const html = renderToStaticMarkup(<MyKadCheck language="bm" check={async () => {}} />);
console.log(html);
// React writes some attribute names in camel case; HTML reads them in any case.
assert.match(html, /<form novalidate="" method="post">/i);
assert.match(html, /name="identityCard"/);
assert.match(html, /maxlength="14"/i);
assert.match(html, /inputmode="numeric"/i);
assert.match(html, /required=""/);
