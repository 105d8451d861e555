import { useCallback, useEffect, useRef, useState } from 'react';
import { createDraft, type DraftFields, saveOnUnload, updateDraft } from './editor-api.ts';

/** Autosave waits this long after the last change (the editor's typing pause). */
export const AUTOSAVE_DELAY_MS = 1500;

import type { SaveStatus } from '~/ui/markdown-workspace.tsx';

type FieldKey = keyof DraftFields;
const FIELD_KEYS: FieldKey[] = ['title', 'content', 'abstract', 'coverImage', 'categoryId', 'tagIds', 'type'];

function sameValue(a: DraftFields[FieldKey], b: DraftFields[FieldKey]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/** The fields that differ from what the server holds. */
export function changedFields(current: DraftFields, saved: DraftFields): Partial<DraftFields> {
  const changes: Partial<DraftFields> = {};
  for (const key of FIELD_KEYS) {
    if (!sameValue(current[key], saved[key])) Object.assign(changes, { [key]: current[key] });
  }
  return changes;
}

export interface AutosaveOptions {
  /** The draft being edited; null until the first save creates it. */
  draftId: string | null;
  /** What the server holds now (the loaded draft, the published entry, or empty). */
  saved: DraftFields;
  /** Set when the draft edits a published entry; sent with the creating save. */
  entryId?: string;
  fields: DraftFields;
  /** Called once when the first save created the draft. */
  onCreated?: (draftId: string) => void;
}

/**
 * Saves the draft 1.5 s after typing stops, one request at a time and only the fields that
 * changed; the first save creates the draft. `flush()` saves now and resolves with the draft's
 * id (before publishing). Leaving or reloading the page sends what is unsaved with keepalive.
 */
export function useAutosave({ draftId: initialId, saved: initialSaved, entryId, fields, onCreated }: AutosaveOptions) {
  const [status, setStatus] = useState<SaveStatus>(initialId ? 'saved' : 'idle');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const draftIdRef = useRef(initialId);
  const savedRef = useRef(initialSaved);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;

  const saveOnce = useCallback(
    async (force = false): Promise<string | null> => {
      const snapshot = fieldsRef.current;
      const changes = changedFields(snapshot, savedRef.current);
      if (Object.keys(changes).length === 0 && !(force && !draftIdRef.current)) return draftIdRef.current;
      setStatus('saving');
      try {
        let result: { id: string; updatedAt: string };
        if (draftIdRef.current) {
          result = await updateDraft(draftIdRef.current, changes);
        } else {
          result = await createDraft({ ...snapshot, ...(entryId ? { entryId } : {}) });
          draftIdRef.current = result.id;
          onCreatedRef.current?.(result.id);
        }
        savedRef.current = snapshot;
        setSavedAt(result.updatedAt);
        // More typing may have come in while the request was out; the effect schedules it.
        setStatus(Object.keys(changedFields(fieldsRef.current, snapshot)).length === 0 ? 'saved' : 'saving');
        return result.id;
      } catch (error) {
        setStatus('error');
        throw error;
      }
    },
    [entryId],
  );

  /**
   * Queues a save behind the one in flight, so saves never overtake each other. `force` creates
   * the draft even without changes (publishing an unchanged published entry).
   */
  const flush = useCallback(
    (force = false): Promise<string | null> => {
      const next = queueRef.current.catch(() => {}).then(() => saveOnce(force));
      queueRef.current = next;
      return next;
    },
    [saveOnce],
  );

  const dirty = Object.keys(changedFields(fields, savedRef.current)).length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of `fields` restarts the typing pause
  useEffect(() => {
    if (!dirty) return;
    const timer = window.setTimeout(() => {
      flush().catch(() => {});
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [fields, dirty, flush]);

  useEffect(() => {
    const leave = () => {
      const changes = changedFields(fieldsRef.current, savedRef.current);
      if (Object.keys(changes).length === 0) return;
      const id = draftIdRef.current;
      saveOnUnload(id, id ? changes : { ...fieldsRef.current, ...(entryId ? { entryId } : {}) });
      savedRef.current = fieldsRef.current;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // Leaving the editor inside the site: the page lives on, so an ordinary save finishes.
      if (Object.keys(changedFields(fieldsRef.current, savedRef.current)).length > 0) flush().catch(() => {});
    };
  }, [entryId, flush]);

  // Unsaved changes waiting for the typing pause count as saving: 已保存 only when it is true.
  const shown: SaveStatus = dirty && status !== 'error' ? 'saving' : status;
  return { status: shown, savedAt, flush, dirty, draftId: draftIdRef.current };
}
