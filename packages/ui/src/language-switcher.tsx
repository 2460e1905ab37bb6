"use client";

import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** One choice of the language switcher. */
export interface LanguageOption<T extends string = string> {
  value: T;
  /** Short visible label, e.g. "BM". */
  label: string;
  /** Full name read by screen readers, e.g. "Bahasa Melayu". */
  name: string;
  /** BCP 47 tag of the language's own name, e.g. "ms". */
  lang: string;
}

/** Props of LanguageSwitcher. */
export interface LanguageSwitcherProps<T extends string> {
  options: ReadonlyArray<LanguageOption<T>>;
  value: T;
  onChange: (value: T) => void;
}

/** A group of toggle buttons (aria-pressed) that picks the interface language. */
export function LanguageSwitcher<T extends string>({
  options,
  value,
  onChange,
}: LanguageSwitcherProps<T>) {
  const intl = useIntl();
  return (
    <div className="pui-lang" role="group" aria-label={intl.formatMessage(uiMessages.language)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="pui-lang__option"
          aria-pressed={option.value === value}
          lang={option.lang}
          title={option.name}
          onClick={() => option.value !== value && onChange(option.value)}
        >
          <span aria-hidden="true">{option.label}</span>
          <span className="pui-visually-hidden">{option.name}</span>
        </button>
      ))}
    </div>
  );
}
