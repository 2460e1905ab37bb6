import { Button, RadioGroup, buttonClassName } from "@portal/ui";
import {
  formatValidationMessage,
  uploadFileSchema,
  validate,
  type MessageKey,
} from "@portal/validation";
import { useEffect, useId, useState, type DragEvent } from "react";
import { defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import { useLanguage } from "../../../shared/language";
import { useJourney } from "../../../shared/lead-journey";
import { journeyMessages } from "./messages";

const messages = defineMessages({
  intro: {
    id: "fibre.documents.intro",
    defaultMessage:
      "Upload your identity card (front and back), or a recent utility bill with your name and this address.",
    description: "Intro of the document step",
  },
  kind: {
    id: "fibre.documents.kind",
    defaultMessage: "Which document will you upload?",
    description: "Legend of the document kind choice",
  },
  kindMyKad: {
    id: "fibre.documents.kind.mykad",
    defaultMessage: "MyKad (front and back)",
    description: "Document kind: identity card",
  },
  kindBill: {
    id: "fibre.documents.kind.bill",
    defaultMessage: "Utility bill (electricity or water, last 3 months)",
    description: "Document kind: utility bill",
  },
  front: {
    id: "fibre.documents.front",
    defaultMessage: "MyKad, front",
    description: "Upload slot: identity card front",
  },
  back: {
    id: "fibre.documents.back",
    defaultMessage: "MyKad, back",
    description: "Upload slot: identity card back",
  },
  bill: {
    id: "fibre.documents.bill",
    defaultMessage: "Utility bill",
    description: "Upload slot: utility bill",
  },
  rules: {
    id: "fibre.documents.rules",
    defaultMessage: "PNG, BMP, JPG or PDF, up to 5 MB.",
    description: "Allowed file types and size",
  },
  drop: {
    id: "fibre.documents.drop",
    defaultMessage: "Drag and drop a file here, or choose one:",
    description: "Text of the drop zone",
  },
  chooseButton: {
    id: "fibre.documents.choose-button",
    defaultMessage: "Choose a file",
    description: "Visible text of the file picker button",
  },
  choose: {
    id: "fibre.documents.choose",
    defaultMessage: "Choose a file for {slot}",
    description: "Accessible label of the file input",
  },
  uploading: {
    id: "fibre.documents.uploading",
    defaultMessage: "Uploading {name}: {percent}%",
    description: "Upload progress text",
  },
  progress: {
    id: "fibre.documents.progress",
    defaultMessage: "Upload progress of {name}",
    description: "Accessible name of the progress bar",
  },
  uploaded: {
    id: "fibre.documents.uploaded",
    defaultMessage: "Uploaded: {name}",
    description: "A document is uploaded",
  },
  preview: {
    id: "fibre.documents.preview",
    defaultMessage: "Preview of {name}",
    description: "Alt text of an image preview",
  },
  remove: {
    id: "fibre.documents.remove",
    defaultMessage: "Remove {name}",
    description: "Delete an uploaded document",
  },
  removing: {
    id: "fibre.documents.removing",
    defaultMessage: "Removing…",
    description: "Document being deleted",
  },
  failed: {
    id: "fibre.documents.failed",
    defaultMessage: "{name} could not be uploaded. Check your connection and try again.",
    description: "Upload failed",
  },
  mismatch: {
    id: "fibre.documents.mismatch",
    defaultMessage:
      "{name} was refused: its content is not a PNG, BMP, JPG or PDF file, whatever its name says. Choose the original photo or scan.",
    description: "Upload refused with 415: the file's bytes do not match its type",
  },
  tooLarge: {
    id: "fibre.documents.too-large",
    defaultMessage: "{name} is larger than 5 MB. Choose a smaller photo or scan.",
    description: "Upload refused with 413 by the uploads service",
  },
  limit: {
    id: "fibre.documents.limit",
    defaultMessage: "You have uploaded the maximum of 5 documents. Remove one first.",
    description: "Upload refused: too many documents",
  },
  retry: {
    id: "fibre.documents.retry",
    defaultMessage: "Retry upload",
    description: "Retry a failed upload",
  },
  another: {
    id: "fibre.documents.another",
    defaultMessage: "Choose another file",
    description: "Discard a failed upload",
  },
  removeFailed: {
    id: "fibre.documents.remove-failed",
    defaultMessage: "The document could not be removed. Try again.",
    description: "Document delete failed",
  },
  continue: {
    id: "fibre.documents.continue",
    defaultMessage: "Continue to the review",
    description: "Go on to the order review",
  },
  missing: {
    id: "fibre.documents.missing",
    defaultMessage: "Upload every document listed above to continue.",
    description: "Continue pressed with documents missing",
  },
});

/** Titles sent with the signed-URL request (stable, not translated: they label the stored file). */
const SLOTS = {
  front: { title: "MyKad (front)", label: messages.front },
  back: { title: "MyKad (back)", label: messages.back },
  bill: { title: "Utility bill", label: messages.bill },
} as const satisfies Record<string, { title: string; label: MessageDescriptor }>;

type SlotKey = keyof typeof SLOTS;
type Kind = "mykad" | "bill";
const KIND_SLOTS: Record<Kind, SlotKey[]> = { mykad: ["front", "back"], bill: ["bill"] };
const ACCEPT = ".png,.bmp,.jpg,.jpeg,.pdf,image/png,image/bmp,image/jpeg,application/pdf";

interface LocalUpload {
  file: File;
  uploadId?: string;
  previewUrl?: string;
}

function UploadSlot({ slot }: { slot: SlotKey }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const id = useId();
  const [local, setLocal] = useState<LocalUpload>();
  const [checkError, setCheckError] = useState<MessageKey>();
  const [removeError, setRemoveError] = useState(false);
  const [dragging, setDragging] = useState(false);
  const { title, label } = SLOTS[slot];
  const slotName = intl.formatMessage(label);
  const document = state.documents.find((d) => d.title === title);
  const upload = local?.uploadId
    ? state.uploads.find((u) => u.uploadId === local.uploadId)
    : undefined;

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

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) start(file);
  };

  const active = upload && (upload.status === "signing" || upload.status === "uploading");
  const failed = upload?.status === "failed";
  const percent = upload && upload.size > 0 ? Math.round((upload.loaded / upload.size) * 100) : 0;
  const name = document?.name ?? upload?.name ?? local?.file.name ?? "";

  return (
    <div className="fibre-slot" data-testid={`slot-${slot}`}>
      <h3 id={`${id}-label`}>{slotName}</h3>
      {document ? (
        <div className="fibre-slot__done">
          {local?.previewUrl ? (
            <img
              src={local.previewUrl}
              alt={intl.formatMessage(messages.preview, { name })}
              className="fibre-slot__preview"
            />
          ) : (
            <span className="fibre-slot__file" aria-hidden="true" />
          )}
          <p className="fibre-ok">{intl.formatMessage(messages.uploaded, { name })}</p>
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
        <div className="fibre-slot__progress">
          <p id={`${id}-progress`}>{intl.formatMessage(messages.uploading, { name, percent })}</p>
          <progress
            max={upload.size}
            value={upload.loaded}
            aria-label={intl.formatMessage(messages.progress, { name })}
            data-testid="upload-progress"
          />
        </div>
      ) : failed ? (
        <div className="fibre-alert" role="alert">
          <p data-testid="upload-failure">
            {intl.formatMessage(
              upload.error?.statusCode === 409
                ? messages.limit
                : upload.error?.statusCode === 415
                  ? messages.mismatch
                  : upload.error?.statusCode === 413
                    ? messages.tooLarge
                    : messages.failed,
              { name },
            )}
          </p>
          <div className="fibre-actions">
            {/* The same bytes would be refused again: only another file helps. */}
            {upload.error?.statusCode !== 415 && upload.error?.statusCode !== 413 ? (
              <Button onClick={() => local && start(local.file)}>
                {intl.formatMessage(messages.retry)}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setLocal(undefined)}>
              {intl.formatMessage(messages.another)}
            </Button>
          </div>
        </div>
      ) : (
        <div
          className={`fibre-drop${dragging ? " fibre-drop--over" : ""}${checkError ? " pui-field--invalid" : ""}`}
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
            className="fibre-file-input"
            id={`${id}-input`}
            name={slot}
            accept={ACCEPT}
            aria-label={intl.formatMessage(messages.choose, { slot: slotName })}
            aria-describedby={`${id}-rules${checkError ? ` ${id}-error` : ""}`}
            aria-invalid={checkError ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) start(file);
            }}
          />
          {/* The native control's own text follows the browser's language, so it is hidden behind a translated button. */}
          <label
            htmlFor={`${id}-input`}
            className={buttonClassName("secondary", "fibre-file-button")}
          >
            {intl.formatMessage(messages.chooseButton)}
          </label>
          <p id={`${id}-rules`} className="pui-field__hint">
            {intl.formatMessage(messages.rules)}
          </p>
          {checkError ? (
            <p
              id={`${id}-error`}
              className="pui-field__error"
              role="alert"
              data-testid="upload-error"
            >
              {formatValidationMessage(checkError, lang)}
            </p>
          ) : null}
        </div>
      )}
      {removeError ? (
        <p className="fibre-alert" role="alert">
          {intl.formatMessage(messages.removeFailed)}
        </p>
      ) : null}
    </div>
  );
}

/** Step 5: identity card front and back, or a utility bill; checked, uploaded with progress. */
export function DocumentsStep() {
  const intl = useIntl();
  const { state, flow } = useJourney();
  const [kind, setKind] = useState<Kind>(() =>
    state.documents.some((d) => d.title === SLOTS.bill.title) ? "bill" : "mykad",
  );
  const [missing, setMissing] = useState(false);
  const complete = KIND_SLOTS[kind].every((slot) =>
    state.documents.some((d) => d.title === SLOTS[slot].title),
  );
  const failed = state.errors.uploadDocument?.code === "missing-token";

  return (
    <div className="fibre-form">
      <p>{intl.formatMessage(messages.intro)}</p>
      <RadioGroup
        label={intl.formatMessage(messages.kind)}
        name="documentKind"
        value={kind}
        onChange={(value) => {
          setKind(value as Kind);
          setMissing(false);
        }}
        options={[
          { value: "mykad", label: intl.formatMessage(messages.kindMyKad) },
          { value: "bill", label: intl.formatMessage(messages.kindBill) },
        ]}
      />
      {KIND_SLOTS[kind].map((slot) => (
        <UploadSlot key={slot} slot={slot} />
      ))}
      <div aria-live="polite" className="fibre-live">
        {missing && !complete ? (
          <p className="fibre-alert" role="alert">
            {intl.formatMessage(messages.missing)}
          </p>
        ) : null}
        {failed ? (
          <p className="fibre-alert" role="alert">
            {intl.formatMessage(journeyMessages.sessionTitle)}
          </p>
        ) : null}
      </div>
      <Button
        onClick={() => (complete ? flow.finishDocuments() : setMissing(true))}
        disabled={state.loading.uploadDocument}
      >
        {intl.formatMessage(messages.continue)}
      </Button>
    </div>
  );
}
