import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Button, ErrorSummary, RadioGroup, SelectField, TextField } from "../src/index.js";
import { useText } from "./text.js";

/** Labelled fields with hint and error (aria-invalid, aria-describedby), as the forms use them. */
const meta = { title: "Forms/Fields" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Postcode(props: { error?: boolean; required?: boolean; value?: string }) {
  const t = useText();
  return (
    <TextField
      label={t("Poskod", "Postcode")}
      hint={t("5 digit, contohnya 47301", "5 digits, for example 47301")}
      error={
        props.error
          ? t("Poskod mempunyai tepat 5 digit.", "A postcode has exactly 5 digits.")
          : undefined
      }
      inputMode="numeric"
      autoComplete="postal-code"
      required={props.required}
      defaultValue={props.value}
    />
  );
}

export const TextFieldEmpty: Story = { render: () => <Postcode /> };
export const TextFieldRequired: Story = { render: () => <Postcode required /> };
export const TextFieldFilled: Story = { render: () => <Postcode value="47301" /> };
export const TextFieldWithError: Story = { render: () => <Postcode error value="4730" required /> };

function State(props: { error?: boolean }) {
  const t = useText();
  return (
    <SelectField
      label={t("Negeri", "State")}
      placeholder={t("Pilih negeri", "Choose a state")}
      options={[
        { value: "selangor", label: "Selangor" },
        { value: "kuala-lumpur", label: "Kuala Lumpur" },
        { value: "johor", label: "Johor" },
      ]}
      error={props.error ? t("Pilih negeri anda.", "Choose your state.") : undefined}
      required
    />
  );
}

export const SelectFieldEmpty: Story = { render: () => <State /> };
export const SelectFieldWithError: Story = { render: () => <State error /> };

function Residence(props: { error?: boolean; inline?: boolean }) {
  const t = useText();
  const [value, setValue] = useState<string | undefined>(props.error ? undefined : "landed");
  return (
    <RadioGroup
      name="residenceType"
      label={t("Jenis kediaman", "Residence type")}
      hint={t("Untuk memilih rangkaian yang betul", "To choose the right network")}
      options={[
        { value: "landed", label: t("Rumah bertanah", "Landed house") },
        { value: "multiStorey", label: t("Bangunan bertingkat", "Multi-storey building") },
      ]}
      value={value}
      onChange={setValue}
      error={props.error ? t("Pilih jenis kediaman.", "Choose a residence type.") : undefined}
      required
      inline={props.inline}
    />
  );
}

export const RadioGroupChosen: Story = { render: () => <Residence /> };
export const RadioGroupInline: Story = { render: () => <Residence inline /> };
export const RadioGroupWithError: Story = { render: () => <Residence error /> };

/**
 * A form after an invalid submit: the error summary at its top lists the invalid fields, each a
 * link to its field (the radio group's link lands on its first option), and takes focus when it
 * appears. Forms get it from useSchemaForm (@portal/validation/react); here the entries are
 * written by hand.
 */
function AddressForm(props: { count: 1 | 3 }) {
  const t = useText();
  const postcode = t("Poskod mempunyai tepat 5 digit.", "A postcode has exactly 5 digits.");
  const state = t("Pilih negeri dari senarai.", "Choose a state from the list.");
  const residence = t("Pilih rumah bertanah atau bertingkat.", "Choose landed or multi-storey.");
  const errors = [
    { id: "story-postcode", label: t("Poskod", "Postcode"), message: postcode },
    { id: "story-state", label: t("Negeri", "State"), message: state },
    { id: "story-residence", label: t("Jenis kediaman", "Residence type"), message: residence },
  ].slice(0, props.count);
  const shows = (id: string) => errors.some((e) => e.id === id);
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()}>
      <ErrorSummary errors={errors} />
      <TextField
        id="story-postcode"
        label={t("Poskod", "Postcode")}
        inputMode="numeric"
        maxLength={5}
        required
        defaultValue="4730"
        error={shows("story-postcode") ? postcode : undefined}
      />
      <SelectField
        id="story-state"
        label={t("Negeri", "State")}
        placeholder={t("Pilih negeri", "Choose a state")}
        options={[
          { value: "selangor", label: "Selangor" },
          { value: "johor", label: "Johor" },
        ]}
        required
        error={shows("story-state") ? state : undefined}
      />
      <RadioGroup
        id="story-residence"
        name="residenceType"
        label={t("Jenis kediaman", "Residence type")}
        options={[
          { value: "landed", label: t("Rumah bertanah", "Landed house") },
          { value: "multiStorey", label: t("Bangunan bertingkat", "Multi-storey building") },
        ]}
        required
        error={shows("story-residence") ? residence : undefined}
      />
      <Button type="submit">{t("Semak liputan", "Check coverage")}</Button>
    </form>
  );
}

export const ErrorSummaryAfterSubmit: Story = { render: () => <AddressForm count={3} /> };
export const ErrorSummaryOneField: Story = { render: () => <AddressForm count={1} /> };
