"use client";

import { useId } from "react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useIntl } from "react-intl";
import { cx } from "./cx.js";
import { uiMessages } from "./messages.js";

interface FieldChrome {
  /** Visible label (already translated). */
  label: ReactNode;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error text; marks the control aria-invalid and links it by aria-describedby. */
  error?: ReactNode;
}

function Label({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: ReactNode;
  required?: boolean;
}) {
  const intl = useIntl();
  return (
    <label className="pui-field__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="pui-field__required"> {intl.formatMessage(uiMessages.required)}</span>
      ) : null}
    </label>
  );
}

function describedBy(hintId: string | undefined, errorId: string | undefined): string | undefined {
  return [hintId, errorId].filter(Boolean).join(" ") || undefined;
}

/** Props of TextField: input attributes plus label, hint and error. */
export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, "children">;

/** A labelled text input with hint and error message. */
export function TextField({
  label,
  hint,
  error,
  id,
  className,
  required,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx("pui-field", error ? "pui-field--invalid" : undefined, className)}>
      <Label htmlFor={inputId} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="pui-field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        className="pui-input"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...input}
      />
      {error ? (
        <p id={errorId} className="pui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One option of a select or radio group. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Props of SelectField. */
export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
    options: ReadonlyArray<FieldOption>;
    /** A first, empty option (already translated). */
    placeholder?: string;
    /** Ignored (a list has no length), so a form hook's field props spread onto any field. */
    maxLength?: number;
  };

/** A labelled native select with hint and error message. */
export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  required,
  options,
  placeholder,
  maxLength: _maxLength,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cx("pui-field", error ? "pui-field--invalid" : undefined, className)}>
      <Label htmlFor={selectId} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="pui-field__hint">
          {hint}
        </p>
      ) : null}
      <select
        id={selectId}
        className="pui-input pui-select"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="pui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of RadioGroup. */
export interface RadioGroupProps extends FieldChrome {
  /** The id of the first option's input, where a link to the group (an error summary) lands. */
  id?: string;
  name: string;
  options: ReadonlyArray<FieldOption>;
  value?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  /** Lay the options out in a row on wide screens. */
  inline?: boolean;
}

/** A fieldset of radio buttons with a legend, hint and error message. */
export function RadioGroup({
  label,
  hint,
  error,
  id,
  name,
  options,
  value,
  onChange,
  required,
  inline,
}: RadioGroupProps) {
  const autoId = useId();
  const baseId = id ?? autoId;
  const intl = useIntl();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <fieldset
      className={cx(
        "pui-field",
        "pui-radio-group",
        inline && "pui-radio-group--inline",
        error ? "pui-field--invalid" : undefined,
      )}
      aria-describedby={describedBy(hintId, errorId)}
    >
      <legend className="pui-field__label">
        {label}
        {required ? (
          <span className="pui-field__required"> {intl.formatMessage(uiMessages.required)}</span>
        ) : null}
      </legend>
      {hint ? (
        <p id={hintId} className="pui-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="pui-radio-group__options">
        {options.map((o, i) => {
          const optionId = id && i === 0 ? id : `${baseId}-${o.value}`;
          return (
            <div className="pui-radio" key={o.value}>
              <input
                type="radio"
                id={optionId}
                name={name}
                value={o.value}
                checked={value === undefined ? undefined : value === o.value}
                onChange={() => onChange?.(o.value)}
                required={required}
                aria-invalid={error ? true : undefined}
              />
              <label htmlFor={optionId}>{o.label}</label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="pui-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
