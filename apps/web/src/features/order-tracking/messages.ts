import { defineMessages } from "react-intl";
import {
  continueHeadMessages,
  coverageNoticeHeadMessages,
  trackingHeadMessages,
} from "./head-messages";

/** The tracking page (issue 24): its head and its texts. */
export const trackingMessages = defineMessages({
  ...trackingHeadMessages,
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
  changeTitle: {
    id: "fibre.tracking.change.title",
    defaultMessage: "Change installation slot",
    description: "Heading of the section that moves the booked installation slot, and its opener",
  },
  changeRule: {
    id: "fibre.tracking.change.rule",
    defaultMessage:
      "You can change the slot {left, plural, one {# more time} other {# more times}}, until {until}.",
    description:
      "The rescheduling rule: {left} changes left, {until} the last moment (24 hours before the window)",
  },
  changeLegend: {
    id: "fibre.tracking.change.legend",
    defaultMessage: "Choose a new day and time",
    description: "Legend of the list of free installation slots",
  },
  changeMorning: {
    id: "fibre.tracking.change.morning",
    defaultMessage: "Morning, {from}–{to}",
    description: "A free morning window, with its hours",
  },
  changeAfternoon: {
    id: "fibre.tracking.change.afternoon",
    defaultMessage: "Afternoon, {from}–{to}",
    description: "A free afternoon window, with its hours",
  },
  changeLeft: {
    id: "fibre.tracking.change.left",
    defaultMessage: "({count, plural, one {# slot left} other {# slots left}})",
    description: "How many of a window are left, shown when few",
  },
  changeWindowLeft: {
    id: "fibre.tracking.change.window-left",
    defaultMessage: "{window} {left}",
    description: "A window, then how many are left",
  },
  changeSubmit: {
    id: "fibre.tracking.change.submit",
    defaultMessage: "Change to this slot",
    description: "Button that moves the installation to the chosen slot",
  },
  changing: {
    id: "fibre.tracking.changing",
    defaultMessage: "Changing…",
    description: "The slot change is being sent",
  },
  changeNone: {
    id: "fibre.tracking.change.none",
    defaultMessage: "There is no free slot in the next days. Call us to arrange another date.",
    description: "No slot to move to",
  },
  changeDone: {
    id: "fibre.tracking.change.done",
    defaultMessage: "Done: your installation is now on {slot}.",
    description: "Confirmation after the slot was changed; {slot} is the new day and window",
  },
  cancelDone: {
    id: "fibre.tracking.cancel.done",
    defaultMessage: "Your order is cancelled.",
    description: "Confirmation after cancelling",
  },
  errorTooLate: {
    id: "fibre.tracking.change.too-late",
    defaultMessage:
      "Your installation starts in less than 24 hours, so the slot can no longer be changed here. Call us to change it.",
    description: "Slot change refused: less than 24 hours before the window",
  },
  errorLimit: {
    id: "fibre.tracking.change.limit",
    defaultMessage:
      "This slot has already been changed 3 times, the most allowed online. Call us to change it again.",
    description: "Slot change refused: 3 changes already",
  },
  errorTaken: {
    id: "fibre.tracking.change.taken",
    defaultMessage:
      "Sorry, someone has just taken that slot. Your installation stays as it was: choose another from the updated list.",
    description:
      "Slot change refused: the slot was just taken; the list shows the free slots again",
  },
  errorNotAllowed: {
    id: "fibre.tracking.change.not-allowed",
    defaultMessage: "The installation slot of this order can no longer be changed here. Call us.",
    description: "Slot change refused: the technician is on the way, installed or cancelled",
  },
  errorInvalid: {
    id: "fibre.tracking.change.invalid",
    defaultMessage: "That day can no longer be chosen. Choose another from the list.",
    description: "Slot change refused: the day is no longer offered",
  },
  errorPick: {
    id: "fibre.tracking.change.pick",
    defaultMessage: "Choose a day and time first.",
    description: "The change was sent without a slot chosen",
  },
  errorFailed: {
    id: "fibre.tracking.change.failed",
    defaultMessage: "We could not change the slot. Check your connection, then try again.",
    description: "Slot change failed (network, server)",
  },
});

/** The page that continues a sign-up handed over from another device. */
export const continueMessages = defineMessages({
  ...continueHeadMessages,
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
  ...coverageNoticeHeadMessages,
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
