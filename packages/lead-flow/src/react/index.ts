"use client";

/**
 * @portal/lead-flow/react: thin hooks over a LeadFlow store (useSyncExternalStore), no logic of
 * their own. Create the flow once (createLeadFlow) and pass it in or provide it.
 */
import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import type { LeadFlow } from "../create-lead-flow.js";
import type { LeadFlowState } from "../state.js";

const LeadFlowContext = createContext<LeadFlow | null>(null);

/** Provides a LeadFlow to the hooks below it. */
export function LeadFlowProvider(props: { flow: LeadFlow; children?: ReactNode }) {
  return createElement(LeadFlowContext.Provider, { value: props.flow }, props.children);
}

/** The provided LeadFlow (to call its methods); throws outside a LeadFlowProvider. */
export function useLeadFlowInstance(): LeadFlow {
  const flow = useContext(LeadFlowContext);
  if (!flow) throw new Error("useLeadFlowInstance needs a <LeadFlowProvider flow={...}> above it");
  return flow;
}

/**
 * Subscribes to a value picked from the journey's state (the whole state by default). The selector
 * must return a stable value (a field, not a new object) as useSyncExternalStore requires.
 */
export function useLeadFlowState<T = LeadFlowState>(
  flow?: LeadFlow,
  select?: (state: LeadFlowState) => T,
): T {
  const context = useContext(LeadFlowContext);
  const store = flow ?? context;
  if (!store) throw new Error("useLeadFlowState needs a flow argument or a <LeadFlowProvider>");
  const read = () => (select ? select(store.getSnapshot()) : (store.getSnapshot() as T));
  // Hydration renders what the server rendered (the state before any restore from storage).
  const readServer = () =>
    select ? select(store.getServerSnapshot()) : (store.getServerSnapshot() as T);
  return useSyncExternalStore(store.subscribe, read, readServer);
}

/** The whole state plus the flow, for components that both read and call. */
export function useLeadFlow(flow?: LeadFlow): { state: LeadFlowState; flow: LeadFlow } {
  const context = useContext(LeadFlowContext);
  const store = flow ?? context;
  if (!store) throw new Error("useLeadFlow needs a flow argument or a <LeadFlowProvider>");
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return { state, flow: store };
}

/** Seconds before the next OTP send is allowed; re-renders once a second while counting down. */
export function useOtpResendSeconds(flow?: LeadFlow): number {
  return useLeadFlowState(flow, (state) => state.otp.resendSeconds);
}
