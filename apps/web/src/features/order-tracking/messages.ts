import { defineMessages } from "react-intl";

/** The tracking page (issue 24): its head and its texts. */
export const trackingMessages = defineMessages({
  pageTitle: {
    id: "fibre.tracking.page-title",
    defaultMessage: "Follow your order",
    description: "Document title of the order tracking page",
  },
  pageLead: {
    id: "fibre.tracking.page-lead",
    defaultMessage: "Where your order is, step by step.",
    description: "Meta description of the order tracking page",
  },
  title: {
    id: "fibre.tracking.title",
    defaultMessage: "Order {orderNumber}",
    description: "Tracking page heading with the order number",
  },
  lead: {
    id: "fibre.tracking.lead",
    defaultMessage:
      "This page is private to you: keep its link to yourself. It works until {date}.",
    description: "Tracking page intro; {date} is when the link stops working",
  },
  plan: { id: "fibre.tracking.plan", defaultMessage: "Plan", description: "Fact label" },
  phone: {
    id: "fibre.tracking.phone",
    defaultMessage: "Phone number",
    description: "Fact label: the masked phone number",
  },
  received: {
    id: "fibre.tracking.received-at",
    defaultMessage: "Ordered on",
    description: "Fact label: when the order was received",
  },
  installation: {
    id: "fibre.tracking.installation",
    defaultMessage: "Your installation slot",
    description:
      "Fact label: the installation slot the visitor chose with the order (the provider confirms it: the step 'Installation booked')",
  },
  installationWhen: {
    id: "fibre.tracking.installation-when",
    defaultMessage: "{date}, {window}",
    description: "The booked installation slot: its date, then its window (the next two messages)",
  },
  installationMorning: {
    id: "fibre.tracking.installation-morning",
    defaultMessage: "morning, 09:00–13:00",
    description: "The morning installation window, with its hours",
  },
  installationAfternoon: {
    id: "fibre.tracking.installation-afternoon",
    defaultMessage: "afternoon, 14:00–18:00",
    description: "The afternoon installation window, with its hours",
  },
  status: {
    id: "fibre.tracking.status",
    defaultMessage: "Now",
    description: "Fact label: the order's current status",
  },
  timeline: {
    id: "fibre.tracking.timeline",
    defaultMessage: "Your order's steps",
    description: "Heading of the timeline",
  },
  notYet: {
    id: "fibre.tracking.not-yet",
    defaultMessage: "Not yet",
    description: "A step of the timeline not reached",
  },
  stepReceived: {
    id: "fibre.tracking.step.received",
    defaultMessage: "Order received",
    description: "Timeline step",
  },
  stepVerified: {
    id: "fibre.tracking.step.verified",
    defaultMessage: "Documents verified",
    description: "Timeline step",
  },
  stepInstallationBooked: {
    id: "fibre.tracking.step.installation-booked",
    defaultMessage: "Installation booked",
    description: "Timeline step",
  },
  stepTechnicianOnTheWay: {
    id: "fibre.tracking.step.technician-on-the-way",
    defaultMessage: "Technician on the way",
    description: "Timeline step",
  },
  stepInstalled: {
    id: "fibre.tracking.step.installed",
    defaultMessage: "Installed",
    description: "Timeline step",
  },
  stepCancelled: {
    id: "fibre.tracking.step.cancelled",
    defaultMessage: "Order cancelled",
    description: "Timeline step",
  },
  cancelTitle: {
    id: "fibre.tracking.cancel.title",
    defaultMessage: "Changed your mind?",
    description: "Heading of the cancel section",
  },
  cancelBody: {
    id: "fibre.tracking.cancel.body",
    defaultMessage:
      "You can cancel the order here until the installation is booked. After that, call us.",
    description: "The cancelling rule",
  },
  cancel: {
    id: "fibre.tracking.cancel",
    defaultMessage: "Cancel my order",
    description: "Button that asks to cancel",
  },
  cancelConfirm: {
    id: "fibre.tracking.cancel.confirm",
    defaultMessage: "Cancel order {orderNumber}? This cannot be undone.",
    description: "Confirmation question before cancelling",
  },
  cancelYes: {
    id: "fibre.tracking.cancel.yes",
    defaultMessage: "Yes, cancel the order",
    description: "Button that cancels",
  },
  cancelNo: {
    id: "fibre.tracking.cancel.no",
    defaultMessage: "Keep my order",
    description: "Button that keeps the order",
  },
  cancelling: {
    id: "fibre.tracking.cancelling",
    defaultMessage: "Cancelling…",
    description: "Cancel in progress",
  },
  cancelFailed: {
    id: "fibre.tracking.cancel.failed",
    defaultMessage: "We could not cancel the order. Check your connection, then try again.",
    description: "Cancel failed",
  },
  cancelTooLate: {
    id: "fibre.tracking.cancel.too-late",
    defaultMessage: "The installation is booked: call us to change or cancel it.",
    description: "Cancel refused: the installation is booked",
  },
  cancelledBody: {
    id: "fibre.tracking.cancelled.body",
    defaultMessage:
      "This order is cancelled. Nothing will be installed and you will not be billed.",
    description: "The order is cancelled",
  },
});

/** The page that continues a sign-up handed over from another device. */
export const continueMessages = defineMessages({
  pageTitle: {
    id: "fibre.continue.page-title",
    defaultMessage: "Continue your sign-up",
    description: "Document title and heading of the continue page",
  },
  pageLead: {
    id: "fibre.continue.page-lead",
    defaultMessage: "Your sign-up from another device, at the same step.",
    description: "Meta description of the continue page",
  },
  opening: {
    id: "fibre.continue.opening",
    defaultMessage: "Opening your sign-up…",
    description: "The handed-over sign-up is being opened",
  },
  goneTitle: {
    id: "fibre.continue.gone.title",
    defaultMessage: "This link no longer works",
    description: "The handoff link is used, expired or unknown",
  },
  goneBody: {
    id: "fibre.continue.gone.body",
    defaultMessage:
      "A link to continue works once, for 30 minutes. Make a new one on your other device, or start again here.",
    description: "What to do when the handoff link no longer works",
  },
  failed: {
    id: "fibre.continue.failed",
    defaultMessage: "We could not open your sign-up. Check your connection, then try again.",
    description: "Opening the handed-over sign-up failed",
  },
  tryAgain: {
    id: "fibre.continue.try-again",
    defaultMessage: "Try again",
    description: "Button",
  },
  start: {
    id: "fibre.continue.start",
    defaultMessage: "Check coverage",
    description: "Link to start a sign-up",
  },
});

/** The page a "coverage has arrived" SMS's link opens (issue 24). */
export const coverageNoticeMessages = defineMessages({
  pageTitle: {
    id: "fibre.notice.page-title",
    defaultMessage: "Fibre has reached your address",
    description: "Document title and heading of the coverage link's page",
  },
  pageLead: {
    id: "fibre.notice.page-lead",
    defaultMessage: "Sign up at the address you registered, with the plan you wanted.",
    description: "Meta description of the coverage link's page",
  },
  opening: {
    id: "fibre.notice.opening",
    defaultMessage: "Opening your sign-up at your address…",
    description: "The journey is being opened at the registered address",
  },
  goneTitle: {
    id: "fibre.notice.gone.title",
    defaultMessage: "This link no longer works",
    description: "The coverage link is tampered with or expired",
  },
  goneBody: {
    id: "fibre.notice.gone.body",
    defaultMessage:
      "A link in our SMS works for 30 days. Check coverage at your address to sign up.",
    description: "What to do when the coverage link no longer works",
  },
  failed: {
    id: "fibre.notice.failed",
    defaultMessage: "We could not open your sign-up. Check your connection, then try again.",
    description: "Opening the journey from the coverage link failed",
  },
  tryAgain: {
    id: "fibre.notice.try-again",
    defaultMessage: "Try again",
    description: "Button",
  },
  start: {
    id: "fibre.notice.start",
    defaultMessage: "Check coverage",
    description: "Link to start a sign-up",
  },
});
