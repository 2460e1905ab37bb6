"use client";

import { Button, ErrorSummary, RadioGroup, buttonClassName } from "@portal/ui";
import {
  formatValidationMessage,
  uploadFileSchema,
  validate,
  type MessageKey,
} from "@portal/validation";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { LeadFlowErrorInfo } from "../errors.js";
import { useSignUp } from "./context.js";
import { DOCUMENT_SLOTS } from "./order-summary.js";

const messages = defineMessages({
  intro: {
    id: "signup.documents.intro",
    defaultMessage:
      "Upload your identity card (front and back), or a recent utility bill with your name and this address.",
    description: "Intro of the document step",
  },
  kind: {
    id: "signup.documents.kind",
    defaultMessage: "Which document will you upload?",
    description: "Legend of the document kind choice",
  },
  kindMyKad: {
    id: "signup.documents.kind.mykad",
    defaultMessage: "MyKad (front and back)",
    description: "Document kind: identity card",
  },
  kindBill: {
    id: "signup.documents.kind.bill",
    defaultMessage: "Utility bill (electricity or water, last 3 months)",
    description: "Document kind: utility bill",
  },
  rules: {
    id: "signup.documents.rules",
    defaultMessage: "PNG, BMP, JPG or PDF, up to 5 MB.",
    description: "Allowed file types and size",
  },
  drop: {
    id: "signup.documents.drop",
    defaultMessage: "Drag and drop a file here, or choose one:",
    description: "Text of the drop zone",
  },
  chooseButton: {
    id: "signup.documents.choose-button",
    defaultMessage: "Choose a file",
    description: "Visible text of the file picker button",
  },
  choose: {
    id: "signup.documents.choose",
    defaultMessage: "Choose a file for {slot}",
    description: "Accessible label of the file input",
  },
  uploading: {
    id: "signup.documents.uploading",
    defaultMessage: "Uploading {name}: {percent}%",
    description: "Upload progress text",
  },
  progress: {
    id: "signup.documents.progress",
    defaultMessage: "Upload progress of {name}",
    description: "Accessible name of the progress bar",
  },
  uploaded: {
    id: "signup.documents.uploaded",
    defaultMessage: "Uploaded: {name}",
    description: "A document is uploaded",
  },
  preview: {
    id: "signup.documents.preview",
    defaultMessage: "Preview of {name}",
    description: "Alt text of an image preview",
  },
  remove: {
    id: "signup.documents.remove",
    defaultMessage: "Remove {name}",
    description: "Delete an uploaded document",
  },
  removing: {
    id: "signup.documents.removing",
    defaultMessage: "Removing…",
    description: "Document being deleted",
  },
  failed: {
    id: "signup.documents.failed",
    defaultMessage: "{name} could not be uploaded. Check your connection and try again.",
    description: "Upload failed",
  },
  mismatch: {
    id: "signup.documents.mismatch",
    defaultMessage:
      "{name} was refused: its content is not a PNG, BMP, JPG or PDF file, whatever its name says. Choose the original photo or scan.",
    description: "Upload refused with 415: the file's bytes do not match its type",
  },
  tooLarge: {
    id: "signup.documents.too-large",
    defaultMessage: "{name} is larger than 5 MB. Choose a smaller photo or scan.",
    description: "Upload refused with 413 by the uploads service",
  },
  limit: {
    id: "signup.documents.limit",
    defaultMessage: "You have uploaded the maximum of 5 documents. Remove one first.",
    description: "Upload refused: too many documents",
  },
  retry: {
    id: "signup.documents.retry",
    defaultMessage: "Retry upload",
    description: "Retry a failed upload",
  },
  another: {
    id: "signup.documents.another",
    defaultMessage: "Choose another file",
    description: "Discard a failed upload",
  },
  removeFailed: {
    id: "signup.documents.remove-failed",
    defaultMessage: "The document could not be removed. Try again.",
    description: "Document delete failed",
  },
  continue: {
    id: "signup.documents.continue",
    defaultMessage: "Continue to the installation slot",
    description: "Go on to the installation slot step",
  },
  missing: {
    id: "signup.documents.missing",
    defaultMessage: "Upload {slot} to continue.",
    description: "Continue pressed with a document missing (slot: the document's name)",
  },
  sessionEnded: {
    id: "signup.documents.session-ended",
    defaultMessage: "Your sign-up session has ended. Start again from your address.",
    description: "An upload refused because the lead token is gone",
  },
});

type SlotKey = keyof typeof DOCUMENT_SLOTS;
type Kind = "mykad" | "bill";
const KIND_SLOTS: Record<Kind, SlotKey[]> = { mykad: ["front", "back"], bill: ["bill"] };
const ACCEPT = ".png,.bmp,.jpg,.jpeg,.pdf,image/png,image/bmp,image/jpeg,application/pdf";

interface LocalUpload {
  file: File;
  uploadId?: string;
  /** An object URL of the chosen image, shown once it is uploaded (not kept across a reload). */
  previewUrl?: string;
}

/** Why an upload failed, with a retry (unless the same bytes would be refused again). */
function UploadFailure({
  name,
  error,
  onRetry,
  onDiscard,
}: {
  name: string;
  error: LeadFlowErrorInfo | undefined;
  onRetry: (() => void) | undefined;
  onDiscard: () => void;
}) {
  const intl = useIntl();
  const status = error?.statusCode;
  const text =
    status === 409
      ? messages.limit
      : status === 415
        ? messages.mismatch
        : status === 413
          ? messages.tooLarge
          : error?.code === "missing-token"
            ? messages.sessionEnded
            : messages.failed;
  return (
    <div className="signup-alert" role="alert">
      <p data-testid="upload-failure">{intl.formatMessage(text, { name })}</p>
      <div className="signup-actions">
        {/* The same bytes would be refused again: only another file helps. */}
        {onRetry && status !== 415 && status !== 413 ? (
          <Button onClick={onRetry}>{intl.formatMessage(messages.retry)}</Button>
        ) : null}
        <Button variant="secondary" onClick={onDiscard}>
          {intl.formatMessage(messages.another)}
        </Button>
      </div>
    </div>
  );
}

/** Drag and drop, or a file picker behind a translated button; the file's own check's error. */
function DropZone({
  inputId,
  slot,
  slotName,
  checkError,
  onFile,
}: {
  inputId: string;
  slot: SlotKey;
  slotName: string;
  checkError: MessageKey | undefined;
  onFile: (file: File) => void;
}) {
  const intl = useIntl();
  const { language } = useSignUp();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`signup-drop${dragging ? " signup-drop--over" : ""}${checkError ? " pui-field--invalid" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>{intl.formatMessage(messages.drop)}</p>
      <input
        type="file"
        className="signup-file-input"
        id={inputId}
        name={slot}
        accept={ACCEPT}
        aria-label={intl.formatMessage(messages.choose, { slot: slotName })}
        aria-describedby={`${id}-rules${checkError ? ` ${id}-error` : ""}`}
        aria-invalid={checkError ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      {/* The native control's own text follows the browser's language: a translated button. */}
      <label htmlFor={inputId} className={buttonClassName("secondary", "signup-file-button")}>
        {intl.formatMessage(messages.chooseButton)}
      </label>
      <p id={`${id}-rules`} className="pui-field__hint">
        {intl.formatMessage(messages.rules)}
      </p>
      {checkError ? (
        <p id={`${id}-error`} className="pui-field__error" role="alert" data-testid="upload-error">
          {formatValidationMessage(checkError, language)}
        </p>
      ) : null}
    </div>
  );
}

function UploadSlot({ slot, inputId }: { slot: SlotKey; inputId: string }) {
  const intl = useIntl();
  const { state, flow } = useSignUp();
  const id = useId();
  const [local, setLocal] = useState<LocalUpload>();
  const [checkError, setCheckError] = useState<MessageKey>();
  const [removeError, setRemoveError] = useState(false);
  const { title, label } = DOCUMENT_SLOTS[slot];
  const slotName = intl.formatMessage(label);
  const document = state.documents.find((d) => d.title === title);
  const upload = local?.uploadId
    ? state.uploads.find((u) => u.uploadId === local.uploadId)
    : undefined;

  // The object URL goes when the preview does (another file, removal, leaving the step).
  const previewUrl = local?.previewUrl;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  function start(file: File) {
    setRemoveError(false);
    // Type and size are checked here, before anything is sent.
    const checked = validate(uploadFileSchema, file, "file");
    if (!checked.success) {
      setLocal(undefined);
      setCheckError(checked.errors[0]!.code);
      return;
    }
    setCheckError(undefined);
    const before = flow.getSnapshot().uploads.length;
    const promise = flow.uploadDocument(file, { title });
    const uploads = flow.getSnapshot().uploads;
    setLocal({
      file,
      uploadId: uploads.length > before ? uploads.at(-1)?.uploadId : undefined,
      previewUrl: file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined,
    });
    promise.catch(() => {
      // Shown from the upload's state (status "failed").
    });
  }

  async function remove() {
    if (!document) return;
    setRemoveError(false);
    try {
      await flow.deleteDocument(document.documentId, document.extension);
      setLocal(undefined);
    } catch {
      setRemoveError(true);
    }
  }

  const active = upload && (upload.status === "signing" || upload.status === "uploading");
  const failed = upload?.status === "failed";
  const percent = upload && upload.size > 0 ? Math.round((upload.loaded / upload.size) * 100) : 0;
  const name = document?.name ?? upload?.name ?? local?.file.name ?? "";

  return (
    <div className="signup-slot" data-testid={`slot-${slot}`}>
      <h3 id={`${id}-label`}>{slotName}</h3>
      {document ? (
        <div className="signup-slot__done">
          {local?.previewUrl ? (
            <img
              src={local.previewUrl}
              alt={intl.formatMessage(messages.preview, { name })}
              className="signup-slot__preview"
              data-testid="upload-preview"
            />
          ) : (
            <span className="signup-slot__file" aria-hidden="true" />
          )}
          <p className="signup-ok" role="status">
            {intl.formatMessage(messages.uploaded, { name })}
          </p>
          <Button
            variant="secondary"
            onClick={() => void remove()}
            disabled={state.loading.deleteDocument}
          >
            {state.loading.deleteDocument
              ? intl.formatMessage(messages.removing)
              : intl.formatMessage(messages.remove, { name })}
          </Button>
        </div>
      ) : active ? (
        <div className="signup-slot__progress" role="status">
          <p id={`${id}-progress`}>{intl.formatMessage(messages.uploading, { name, percent })}</p>
          <progress
            max={upload.size}
            value={upload.loaded}
            aria-label={intl.formatMessage(messages.progress, { name })}
            data-testid="upload-progress"
          />
        </div>
      ) : failed ? (
        <UploadFailure
          name={name}
          error={upload.error}
          onRetry={local ? () => start(local.file) : undefined}
          onDiscard={() => setLocal(undefined)}
        />
      ) : (
        <DropZone
          inputId={inputId}
          slot={slot}
          slotName={slotName}
          checkError={checkError}
          onFile={start}
        />
      )}
      {removeError ? (
        <p className="signup-alert" role="alert">
          {intl.formatMessage(messages.removeFailed)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Step 5: the identity card front and back, or a utility bill: checked, uploaded with progress
 * (a preview of an image), removable; Continue needs every document of the kind chosen.
 */
export function DocumentsStep() {
  const intl = useIntl();
  const { state, flow } = useSignUp();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [kind, setKind] = useState<Kind>(() =>
    state.documents.some((d) => d.title === DOCUMENT_SLOTS.bill.title) ? "bill" : "mykad",
  );
  const [missing, setMissing] = useState(0);
  const absent = KIND_SLOTS[kind].filter(
    (slot) => !state.documents.some((d) => d.title === DOCUMENT_SLOTS[slot].title),
  );
  useEffect(() => {
    if (missing > 0) ref.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [missing]);

  return (
    <div className="signup-form" ref={ref}>
      <p>{intl.formatMessage(messages.intro)}</p>
      {missing > 0 && absent.length > 0 ? (
        <ErrorSummary
          data-testid="error-summary"
          errors={absent.map((slot) => ({
            id: `${id}-${slot}`,
            message: intl.formatMessage(messages.missing, {
              slot: intl.formatMessage(DOCUMENT_SLOTS[slot].label),
            }),
          }))}
        />
      ) : null}
      <RadioGroup
        label={intl.formatMessage(messages.kind)}
        name="documentKind"
        value={kind}
        onChange={(value) => {
          setKind(value as Kind);
          setMissing(0);
        }}
        options={[
          { value: "mykad", label: intl.formatMessage(messages.kindMyKad) },
          { value: "bill", label: intl.formatMessage(messages.kindBill) },
        ]}
      />
      {KIND_SLOTS[kind].map((slot) => (
        <UploadSlot key={slot} slot={slot} inputId={`${id}-${slot}`} />
      ))}
      <div className="signup-actions">
        <Button
          onClick={() => (absent.length === 0 ? flow.finishDocuments() : setMissing((n) => n + 1))}
          disabled={state.loading.uploadDocument}
        >
          {intl.formatMessage(messages.continue)}
        </Button>
      </div>
    </div>
  );
}
