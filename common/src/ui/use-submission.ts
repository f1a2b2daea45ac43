import { useState } from 'react';
import type { RequestErrorData } from '../http/errors.js';

/**
 * Sends a form's call and keeps what the person needs to see: that it is on its way, and why it
 * failed. Field errors go to the form (`onFields`); any other failure is kept in `failure`.
 */
export function useSubmission() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  const send = async <T,>(call: () => Promise<T>, onFields: (fields: Record<string, string>) => void): Promise<T | null> => {
    setSending(true);
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      const failed = error as RequestErrorData;
      if (Object.keys(failed.fields ?? {}).length > 0) onFields(failed.fields);
      else setFailure(failed);
      return null;
    } finally {
      setSending(false);
    }
  };
  return { sending, failure, send };
}
