import { EVENT_LIMITS, chinaLocalToIso, eventInputSchema, isoToChinaLocal } from '@core/events.ts';
import type { EventView } from '@server/modules/events/events.service.ts';
import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { uploadImage } from '~/lib/upload-image.ts';
import { useUpload } from '~/lib/use-upload.ts';
import { DialogForm, ImagePickButton } from '~/ui/dialog-form.tsx';
import { ModalDialog } from '~/ui/modal-dialog.tsx';

/** What the form edits of an event (the service's EventView). */
export type EditableEvent = Pick<
  EventView,
  'id' | 'title' | 'city' | 'address' | 'url' | 'screenshot' | 'showBanner' | 'startedAt' | 'endedAt'
>;

const inputClass = 'h-9 w-full rounded border border-line bg-card px-3 outline-none focus:border-brand';

/** A labelled input of the form, the label above it. */
function LabelledInput({ id, label, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-fg-2">
        {label}
      </label>
      <input id={id} {...input} className={inputClass} />
    </div>
  );
}

/**
 * 新建活动 / 编辑活动: the fields of an event, times in China time; saved through the event API,
 * then the dialog closes and the page's data is reloaded.
 */
export function EventFormDialog({
  open,
  onOpenChange,
  event,
  cities,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this one; creating when absent. */
  event?: EditableEvent;
  cities: string[];
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} widthClass="w-[520px]">
      <EventForm event={event} cities={cities} onSaved={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

function EventForm({ event, cities, onSaved }: { event?: EditableEvent; cities: string[]; onSaved: () => void }) {
  const alerts = useAlerts();
  const id = useId();
  const [values, setValues] = useState({
    title: event?.title ?? '',
    city: event?.city ?? '',
    address: event?.address ?? '',
    url: event?.url ?? '',
    screenshot: event?.screenshot ?? '',
    showBanner: event?.showBanner ?? false,
    startedAt: event ? isoToChinaLocal(event.startedAt) : '',
    endedAt: event ? isoToChinaLocal(event.endedAt) : '',
  });
  const { uploading, upload } = useUpload(async (file) => (await uploadImage(file, 'cover')).url);
  const { busy: saving, run } = useApiAction();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = {
      ...values,
      startedAt: chinaLocalToIso(values.startedAt),
      endedAt: chinaLocalToIso(values.endedAt),
    };
    // The same rules and words as the server (core/events.ts), before any request.
    const checked = eventInputSchema.safeParse(input);
    if (!checked.success) {
      alerts.push({ type: 'error', message: checked.error.issues[0]?.message ?? '格式不正确' });
      return;
    }
    await run(
      () =>
        apiFetch(event ? '/api/event/update' : '/api/event/create', {
          method: 'POST',
          json: event ? { ...checked.data, eventId: event.id } : checked.data,
        }),
      { success: event ? '活动已保存' : '活动已创建', done: onSaved },
    );
  }

  const field = (key: string) => `${id}-${key}`;
  /** The value and change handler of a text field. */
  const text = (key: 'title' | 'address' | 'url' | 'startedAt' | 'endedAt') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  return (
    <DialogForm
      title={event ? '编辑活动' : '新建活动'}
      onSubmit={onSubmit}
      submitLabel={saving ? '保存中...' : '保存'}
      submitDisabled={saving || uploading}
      spacing="space-y-3"
      footerGap="gap-3"
    >
      <LabelledInput id={field('title')} label="活动名称" maxLength={EVENT_LIMITS.title} {...text('title')} />
      <div className="grid grid-cols-[140px_minmax(0,1fr)] gap-3">
        <div className="space-y-1">
          <label htmlFor={field('city')} className="block text-fg-2">
            城市
          </label>
          <select
            id={field('city')}
            value={values.city}
            onChange={(e) => set('city', e.target.value)}
            className={inputClass}
          >
            <option value="">请选择</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        </div>
        <LabelledInput id={field('address')} label="活动地点" maxLength={EVENT_LIMITS.address} {...text('address')} />
      </div>
      <LabelledInput
        id={field('url')}
        label="活动链接"
        maxLength={EVENT_LIMITS.url}
        placeholder="https://"
        {...text('url')}
      />
      <div className="grid grid-cols-2 gap-3">
        <LabelledInput id={field('start')} label="开始时间（北京时间）" type="datetime-local" {...text('startedAt')} />
        <LabelledInput id={field('end')} label="结束时间（北京时间）" type="datetime-local" {...text('endedAt')} />
      </div>
      <div className="space-y-1">
        <span className="block text-fg-2">封面</span>
        <div className="flex items-center gap-3">
          {values.screenshot ? (
            <img src={values.screenshot} alt="封面预览" className="h-16 w-28 rounded border border-line object-cover" />
          ) : (
            <div className="h-16 w-28 rounded border border-line border-dashed" />
          )}
          <ImagePickButton
            label={uploading ? '上传中…' : values.screenshot ? '更换封面' : '上传封面'}
            ariaLabel="上传封面"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={uploading}
            onFile={(file) => void upload(file, (url) => set('screenshot', url))}
          />
          {values.screenshot && (
            <button type="button" className="text-fg-3 text-sm hover:text-brand" onClick={() => set('screenshot', '')}>
              移除
            </button>
          )}
        </div>
      </div>
      <label className="flex items-center gap-2 text-fg-2">
        <input type="checkbox" checked={values.showBanner} onChange={(e) => set('showBanner', e.target.checked)} />
        显示在活动页推荐位
      </label>
    </DialogForm>
  );
}
