// @vitest-environment jsdom
import { Component, act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeFlow, driveTo } from "../../../fixtures/fake-lead-api.js";
import { createMemoryStorage } from "../../index.js";
import { signUpCatalogs } from "../catalogs.js";
import { SignUpProvider } from "../context.js";
import { LazySignUpStepper } from "../lazy-stepper.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The details step's code fails to arrive once (a phone losing its signal), then arrives.
const network = vi.hoisted(() => ({ failures: 1 }));
vi.mock("../details-step.js", async (importOriginal) => {
  if (network.failures > 0) {
    network.failures--;
    throw new TypeError("Failed to fetch dynamically imported module: details-step.js");
  }
  return importOriginal();
});

/** What a host's route error does: says so, and "Try again" renders its children again. */
class TryAgain extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <button type="button" onClick={() => this.setState({ failed: false })}>
        Try again
      </button>
    );
  }
}

afterEach(() => document.body.replaceChildren());

describe("LazySignUpStepper when a step's code fails to load", () => {
  it("fetches it again on Try again and shows the step", async () => {
    const storage = createMemoryStorage();
    await driveTo(createFakeFlow({ storage }), "details");
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () =>
      root.render(
        <IntlProvider locale="en" messages={signUpCatalogs.en}>
          <SignUpProvider flow={createFakeFlow({ storage })} language="en">
            <TryAgain>
              <LazySignUpStepper />
            </TryAgain>
          </SignUpProvider>
        </IntlProvider>,
      ),
    );
    const retry = await vi.waitFor(() => {
      const button = host.querySelector("button");
      expect(button?.textContent).toBe("Try again");
      return button!;
    });
    expect(network.failures).toBe(0);
    await act(async () => retry.click());
    await vi.waitFor(() => expect(host.querySelector('input[name="phoneNumber"]')).not.toBeNull());
    expect(host.querySelector('[data-testid="step-heading"]')?.textContent).toBe(
      "Step 2 of 7: Your details",
    );
    consoleError.mockRestore();
    act(() => root.unmount());
  });
});
