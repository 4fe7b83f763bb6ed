import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BillingApiError } from "../../lib/billing-api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { refreshBilling } from "./dashboard.queries";

// The one way a dashboard form sends its work to /v1: a 422's messages go beside the fields they
// name, any other refusal becomes a notification, and a success refreshes the lists that show the
// change before the form closes or moves on.

/** What the hook needs of a form: a Mantine form fits, and so does a hand-made one. */
interface FieldErrorTarget {
  values: object;
  setErrors: (errors: Record<string, string>) => void;
}

interface BillingSubmitOptions {
  form?: FieldErrorTarget;
  /** Title of the notification for a refusal no field explains. */
  errorTitle: string;
  /** The resources whose lists show what the form changes ("products", "benefits"…). */
  refresh?: string[];
  /** The form's name for a wire field when they differ ({ success_url: "successUrl" }). */
  fieldNames?: Record<string, string>;
}

interface RunOptions<Result> {
  /** The success notification, if any. */
  success?: string | ((result: Result) => string);
  /** After the refresh: close the dialog, go to the new object's page… */
  onSaved?: (result: Result) => unknown;
}

/** Splits a failure into messages for the form's fields and the message nothing on the form shows. */
function placeFailure(
  failure: unknown,
  formValues: object | undefined,
  fieldNames: Record<string, string> = {},
): { fieldErrors: Record<string, string>; unplaced: string | null } {
  const fallback = failure instanceof Error && failure.message ? failure.message : "Something went wrong. Please try again.";
  if (!(failure instanceof BillingApiError) || !formValues) return { fieldErrors: {}, unplaced: fallback };
  const fieldErrors: Record<string, string> = {};
  let unplaced: string | null = null;
  for (const [wireName, message] of Object.entries(failure.fieldErrors)) {
    const name = fieldNames[wireName] ?? wireName;
    if (name in formValues) fieldErrors[name] = message;
    else unplaced ??= message;
  }
  if (Object.keys(fieldErrors).length === 0) unplaced ??= fallback;
  return { fieldErrors, unplaced };
}

export function useBillingSubmit({ form, errorTitle, refresh = [], fieldNames }: BillingSubmitOptions) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  /** Runs one save; resolves to its result, or undefined when it failed (the failure is already shown). */
  const run = async <Result>(action: () => Promise<Result>, options: RunOptions<Result> = {}): Promise<Result | undefined> => {
    setBusy(true);
    try {
      const result = await action();
      await Promise.all(refresh.map((resource) => refreshBilling(queryClient, resource)));
      const message = typeof options.success === "function" ? options.success(result) : options.success;
      if (message) notifySuccess(message);
      await options.onSaved?.(result);
      return result;
    } catch (failure) {
      const { fieldErrors, unplaced } = placeFailure(failure, form?.values, fieldNames);
      form?.setErrors(fieldErrors);
      if (unplaced) notifyError(new Error(unplaced), errorTitle);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
