import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { IconFile, IconSend } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { previewKind } from './attachments';

function Preview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const kind = previewKind(file);
  if (failed || kind === 'none') {
    return (
      <div
        className="flex h-40 flex-col items-center justify-center gap-2 rounded-box bg-base-200 text-sm text-base-content/70"
        data-testid="attachment-no-preview"
      >
        <IconFile size={32} />
        <Trans>Não foi possível carregar o preview</Trans>
      </div>
    );
  }
  if (kind === 'image')
    return (
      <img
        src={url}
        alt={file.name}
        className="mx-auto max-h-80 rounded-box object-contain"
        onError={() => setFailed(true)}
      />
    );
  if (kind === 'video')
    return <video src={url} controls className="mx-auto max-h-80 rounded-box" onError={() => setFailed(true)} />;
  if (kind === 'audio') return <audio src={url} controls className="w-full" onError={() => setFailed(true)} />;
  return (
    <div className="flex h-32 flex-col items-center justify-center gap-2 rounded-box bg-base-200 text-sm">
      <IconFile size={32} className="text-error" />
      PDF
    </div>
  );
}

/** The files chosen to send, previewed, with a caption (the message text) before sending. */
export function AttachmentPreview({
  files,
  caption,
  onCaption,
  onCancel,
  onSend,
  busy,
}: {
  files: File[];
  caption: string;
  onCaption: (text: string) => void;
  onCancel: () => void;
  onSend: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const file = files[Math.min(current, files.length - 1)];
  return (
    <Modal
      open
      onClose={onCancel}
      title={<Trans>Enviar arquivos</Trans>}
      size="md"
      testId="attachment-preview"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            <Trans>Cancelar</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onSend}
            disabled={busy}
            data-testid="attachment-send"
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : <IconSend size={16} />}
            <Trans>Enviar</Trans>
          </button>
        </>
      }
    >
      {file ? <Preview key={`${file.name}-${file.size}-${current}`} file={file} /> : null}
      {files.length > 1 ? (
        <div className="mt-3 flex flex-wrap gap-1">
          {files.map((f, i) => (
            <button
              key={`${f.name}-${i}`}
              type="button"
              className={`badge ${i === current ? 'badge-primary' : 'badge-ghost'} max-w-40 truncate`}
              onClick={() => setCurrent(i)}
            >
              {f.name}
            </button>
          ))}
        </div>
      ) : (
        <p className="mt-2 truncate text-center text-xs text-base-content/60">{file?.name}</p>
      )}
      <input
        className="input mt-3 w-full"
        value={caption}
        onChange={(e) => onCaption(e.target.value)}
        placeholder={t`Legenda (opcional)`}
        data-testid="attachment-caption"
      />
    </Modal>
  );
}
