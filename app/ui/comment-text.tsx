import { useState } from 'react';
import { commentPreview } from '@core/comment-preview.ts';

/** Text with the 10 × 40 preview and 展开 (SPEC §5). */
export function CommentText({ text, deleted }: { text: string; deleted?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (deleted) return <p className="mt-1.5 text-sm text-fg-3 italic">{text}</p>;
  const preview = commentPreview(text);
  return (
    <div className="mt-1.5 text-sm text-fg leading-relaxed">
      <p className="whitespace-pre-wrap break-words">{preview && !expanded ? preview : text}</p>
      {preview && !expanded && (
        <button type="button" onClick={() => setExpanded(true)} className="mt-1 text-[13px] text-brand hover:underline">
          展开
        </button>
      )}
    </div>
  );
}
