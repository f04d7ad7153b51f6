import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ComponentChildren;
  /** "panel" slides in from the side (finding details); default is a centred dialog. */
  readonly variant?: 'dialog' | 'panel';
  readonly describedBy?: string;
}

/**
 * A modal built on <dialog>.showModal(): the rest of the page is inert, so
 * focus stays inside; Esc closes; focus returns to where it was on close.
 * Mount it to open it, unmount it to close it.
 */
export function Dialog({ title, onClose, children, variant = 'dialog', describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog ref={ref} class={`dialog dialog--${variant}`} aria-labelledby={titleId} aria-describedby={describedBy}>
      <div class="dialog__header">
        <h2 id={titleId} class="dialog__title">
          {title}
        </h2>
        <button type="button" class="button button--quiet dialog__close" onClick={onClose} aria-label={`Close: ${title}`}>
          Close
        </button>
      </div>
      <div class="dialog__body">{children}</div>
    </dialog>
  );
}
