import { ImagePlus } from '~/ui/icons.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { useUpload } from '~/lib/use-upload.ts';
import { DialogForm, ImagePickButton } from '~/ui/dialog-form.tsx';
import { ModalDialog } from '~/ui/modal-dialog.tsx';
import { createCollection, updateCollection, uploadBackground } from './collections-api.ts';
import type { CollectionView } from './types.ts';

export const TITLE_MAX = 40;
export const DESCRIPTION_MAX = 200;

/**
 * Create or edit a collection: title, description and a background image (jpg or png up to
 * 1048576 bytes); the server derives the mask colour from the image. Calls `onSaved` with the
 * collection re-read from the server.
 */
export function CollectionFormDialog({
  open,
  onOpenChange,
  collection,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this one; creating when absent. */
  collection?: CollectionView;
  onSaved: (collection: CollectionView) => void;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} widthClass="w-[440px]">
      <CollectionForm
        collection={collection}
        onSaved={(saved) => {
          onSaved(saved);
          onOpenChange(false);
        }}
      />
    </ModalDialog>
  );
}

function CollectionForm({
  collection,
  onSaved,
}: {
  collection?: CollectionView;
  onSaved: (collection: CollectionView) => void;
}) {
  const alerts = useAlerts();
  const id = useId();
  const [title, setTitle] = useState(collection?.title ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [bgImgUrl, setBgImgUrl] = useState(collection?.imageUrl ?? '');
  const { uploading, upload } = useUpload(uploadBackground);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      alerts.push({ type: 'error', message: '请输入收藏集名称' });
      return;
    }
    setSaving(true);
    try {
      const input = { title: title.trim(), description: description.trim(), bgImgUrl };
      onSaved(collection ? await updateCollection(collection.id, input) : await createCollection(input));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogForm
      title={collection ? '编辑收藏集' : '新建收藏集'}
      onSubmit={onSubmit}
      submitLabel={collection ? '保存' : '创建'}
      submitDisabled={saving || uploading}
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-title`} className="block text-fg-2">
          名称
        </label>
        <input
          id={`${id}-title`}
          name="title"
          value={title}
          maxLength={TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="收藏集名称"
          className="h-9 w-full rounded border border-line bg-card px-3 outline-none focus:border-brand"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-description`} className="block text-fg-2">
          描述
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          value={description}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="介绍一下这个收藏集（选填）"
          className="w-full resize-none rounded border border-line bg-card px-3 py-2 outline-none focus:border-brand"
        />
      </div>
      <div className="space-y-1.5">
        <span className="block text-fg-2">背景图</span>
        <div className="flex items-center gap-3">
          {bgImgUrl ? (
            <img src={bgImgUrl} alt="背景图预览" className="h-16 w-28 rounded border border-line object-cover" />
          ) : (
            <div className="flex h-16 w-28 items-center justify-center rounded border border-line border-dashed text-fg-3">
              <ImagePlus aria-hidden size={20} strokeWidth={1.75} />
            </div>
          )}
          <div className="space-y-1">
            <ImagePickButton
              label={uploading ? '上传中…' : bgImgUrl ? '更换图片' : '上传图片'}
              name="background"
              accept="image/jpeg,image/png"
              disabled={uploading}
              onFile={(file) => void upload(file, setBgImgUrl)}
            />
            {bgImgUrl && (
              <button type="button" className="ml-2 text-fg-3 text-sm hover:text-brand" onClick={() => setBgImgUrl('')}>
                移除
              </button>
            )}
            <p className="text-[13px] text-fg-3">jpg 或 png，不超过 1MB</p>
          </div>
        </div>
      </div>
    </DialogForm>
  );
}
