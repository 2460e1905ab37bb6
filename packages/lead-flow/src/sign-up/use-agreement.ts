import { useEffect, useRef, useState } from "react";

/**
 * The one box a step needs ticked before it sends (the consent, the terms): its value, and
 * `confirm()` for the submit handler, which answers false and moves focus to the form's error
 * summary (`[data-error-summary]` inside `formRef`) while the box is not ticked.
 */
export function useAgreement() {
  const [agreed, setAgreed] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [attempts]);
  return {
    agreed,
    setAgreed,
    formRef,
    /** True after a submit without the box ticked, until it is ticked. */
    missing: attempts > 0 && !agreed,
    confirm(): boolean {
      if (!agreed) {
        setAttempts((n) => n + 1);
        return false;
      }
      setAttempts(0);
      return true;
    },
  };
}
