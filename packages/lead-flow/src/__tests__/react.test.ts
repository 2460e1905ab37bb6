import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createLeadFlow, createMemoryStorage } from "../index.js";
import {
  LeadFlowProvider,
  useLeadFlow,
  useLeadFlowState,
  useOtpResendSeconds,
} from "../react/index.js";
import { createFakeApi, createFakeClock } from "./fakes.js";

function makeFlow() {
  return createLeadFlow({
    api: createFakeApi().leadApi,
    environment: "test",
    storage: createMemoryStorage(),
    clock: createFakeClock(),
  });
}

function Probe(): ReactNode {
  const { state } = useLeadFlow();
  const seconds = useOtpResendSeconds();
  const step = useLeadFlowState(undefined, (s) => s.step);
  return `${state.step}|${step}|${seconds}|${String(state.mock)}`;
}

describe("@portal/lead-flow/react", () => {
  it("reads the provided flow's state through useSyncExternalStore", async () => {
    const flow = makeFlow();
    const render = () =>
      renderToString(createElement(LeadFlowProvider, { flow }, createElement(Probe)));
    expect(render()).toBe("start|start|0|true");
    await flow.generateLead();
    await flow.generateOtp("0123456789");
    // A server render shows the state the flow was created with, so hydration always matches;
    // the browser then renders the current state (getSnapshot).
    expect(render()).toBe("start|start|0|true");
    expect(flow.getSnapshot()).toMatchObject({ step: "otp", otp: { resendSeconds: 180 } });
  });

  it("takes a flow argument instead of a provider", () => {
    const flow = makeFlow();
    function Direct(): ReactNode {
      return useLeadFlowState(flow, (s) => s.language);
    }
    expect(renderToString(createElement(Direct))).toBe("bm");
  });

  it("names the missing provider", () => {
    expect(() => renderToString(createElement(Probe))).toThrow("LeadFlowProvider");
  });
});
