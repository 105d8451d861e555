import type { HideableTarget, ModerationTarget, ReportReason } from '@core/moderation.ts';
import { apiFetch } from '~/lib/api-client.ts';

/** 举报: a repo through the spec's own call (SPEC §7.8 report_repo), everything else through /moderation/report; one queue. */
export function reportTarget(input: {
  targetType: ModerationTarget;
  targetId: string;
  reason: ReportReason;
  text: string;
}) {
  if (input.targetType === 'repo') {
    return apiFetch<{ reported: true }>('/api/repo/report_repo', {
      method: 'POST',
      json: { repoId: input.targetId, reason: input.reason, detail: input.text },
    });
  }
  return apiFetch<{ reported: true }>('/api/moderation/report', { method: 'POST', json: input });
}

export function appealHidden(input: { targetType: HideableTarget; targetId: string; text: string }) {
  return apiFetch<{ appealed: true }>('/api/moderation/appeal', { method: 'POST', json: input });
}

export function hideContent(input: { targetType: HideableTarget; targetId: string; reason: string }) {
  return apiFetch<{ hidden: true }>('/api/admin/hide', { method: 'POST', json: input });
}

export function restoreContent(input: { targetType: HideableTarget; targetId: string; reason?: string }) {
  return apiFetch<{ hidden: false }>('/api/admin/restore', { method: 'POST', json: input });
}

export function resolveReport(input: {
  reportId: string;
  action: 'hide' | 'dismiss' | 'restore' | 'uphold';
  reason?: string;
}) {
  return apiFetch<{ status: string }>('/api/admin/reports/resolve', { method: 'POST', json: input });
}

export function setEntryHot(entryId: string, hot: boolean) {
  return apiFetch<{ hot: boolean }>(`/api/post/${hot ? 'recommend' : 'unrecommend'}`, {
    method: 'POST',
    json: { entryId },
  });
}
