// The README's form example: an error summary above the fields it names, rendered on the server
// here so it runs in Node. In an app the entries come from useSchemaForm's `summary`
// (@portal/validation/react) and the summary takes focus when it appears.
import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";

// #region error-summary
import { IntlProvider } from "react-intl";
import { ErrorSummary, RadioGroup, TextField } from "@portal/ui";
import uiEn from "@portal/ui/lang/en";

const postcode = "A postcode has exactly 5 digits.";
const residence = "Choose landed or multi-storey.";

export function CoverageForm() {
  return (
    <IntlProvider locale="en" messages={uiEn}>
      <form noValidate method="post">
        <ErrorSummary
          errors={[
            { id: "postcode", label: "Postcode", message: postcode },
            { id: "residence", label: "Residence type", message: residence },
          ]}
        />
        <TextField id="postcode" label="Postcode" required defaultValue="4730" error={postcode} />
        <RadioGroup
          id="residence" // the first option carries it: the summary's link lands there
          name="residenceType"
          label="Residence type"
          options={[
            { value: "landed", label: "Landed house" },
            { value: "multiStorey", label: "Multi-storey building" },
          ]}
          required
          error={residence}
        />
      </form>
    </IntlProvider>
  );
}
// #endregion error-summary

const html = renderToStaticMarkup(<CoverageForm />);
console.log(html);
assert.match(html, /role="alert"/);
assert.match(html, />2 fields need your attention<\/h2>/);
assert.match(html, /<a href="#postcode">Postcode: A postcode has exactly 5 digits\.<\/a>/);
assert.match(html, /<input type="radio" id="residence"/);
