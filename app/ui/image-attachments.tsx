import { ImagePlus, X } from './icons.tsx';

/** Thumbnails of the images attached so far, each with a remove button. */
export function AttachedImages({ images, onRemove }: { images: string[]; onRemove: (url: string) => void }) {
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="已上传的图片">
      {images.map((url, i) => (
        <li key={url} className="relative">
          <img src={url} alt={`图片 ${i + 1}`} className="size-20 rounded object-cover" />
          <button
            type="button"
            aria-label={`移除图片 ${i + 1}`}
            onClick={() => onRemove(url)}
            className="absolute top-0.5 right-0.5 rounded-full bg-black/60 p-0.5 text-white"
          >
            <X size={12} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The picker: a label around a hidden file input, showing progress and the count. */
export function AddImagesButton({
  count,
  max,
  uploading,
  disabled,
  onPick,
}: {
  count: number;
  max: number;
  uploading: boolean;
  disabled: boolean;
  onPick: (files: FileList | null) => void;
}) {
  const off = disabled || uploading || count >= max;
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-1 text-fg-2 text-sm hover:text-brand ${off ? 'pointer-events-none opacity-50' : ''}`}
    >
      <ImagePlus size={18} strokeWidth={1.75} aria-hidden="true" />
      {uploading ? '上传中...' : `图片 ${count}/${max}`}
      <input
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
        multiple
        className="sr-only"
        aria-label="添加图片"
        disabled={off}
        onChange={(e) => {
          onPick(e.target.files);
          e.target.value = '';
        }}
      />
    </label>
  );
}
